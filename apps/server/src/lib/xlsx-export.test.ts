import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { contentDisposition } from '../http/download';
import { buildXlsx, neutraliseCell, withXlsxExtension } from './xlsx-export';

describe('xlsx export', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+SUM(A1)', "'+SUM(A1)"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['plain', 'plain'],
    ['a=b', 'a=b'],
  ])('neutralises %j', (input, output) => {
    expect(neutraliseCell(input)).toBe(output);
  });

  it('leaves numbers, dates and empties as real cells', () => {
    const d = new Date();
    expect(neutraliseCell(-5)).toBe(-5);
    expect(neutraliseCell(d)).toBe(d);
    expect(neutraliseCell(undefined)).toBeNull();
  });

  it('writes an RFC 5987 file name that decodes back, with an ASCII fallback', () => {
    const header = contentDisposition("操作日志 (1)'s.xlsx");
    const star = /filename\*=UTF-8''([^;]+)$/.exec(header)?.[1] ?? '';
    expect(star).not.toMatch(/[()'\s]/);
    expect(decodeURIComponent(star)).toBe("操作日志 (1)'s.xlsx");
    expect(header).toMatch(/^attachment; filename="[\x20-\x7e]+"; /);
    expect(contentDisposition('a"b\\c.xlsx')).toContain('filename="a_b_c.xlsx"');
  });

  it('adds the extension and strips header-breaking characters', () => {
    expect(withXlsxExtension('report')).toBe('report.xlsx');
    expect(withXlsxExtension('a\r\nb.XLSX')).toBe('a__b.XLSX');
  });

  it('round-trips through exceljs with headers, values and formula text kept as text', async () => {
    const buffer = await buildXlsx({
      sheetName: 'Sheet: a/b',
      columns: [
        { header: 'Name', value: (r: { name: string; n: number }) => r.name },
        { header: 'N', value: (r) => r.n },
      ],
      rows: [
        { name: '张三', n: 1 },
        { name: '=HYPERLINK("x")', n: 2 },
      ],
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.name).toBe('Sheet  a b');
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Name', 'N']);
    expect(sheet?.getRow(2).values).toEqual([undefined, '张三', 1]);
    expect(sheet?.getRow(3).getCell(1).value).toBe('\'=HYPERLINK("x")');
    expect(sheet?.getRow(3).getCell(1).type).toBe(ExcelJS.ValueType.String);
  });
});
