import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it, vi } from 'vitest';
import { contentDisposition } from '../http/download';
import { neutraliseCell, withXlsxExtension, type XlsxSheet } from './xlsx-export';
import { headerOnlyXlsx, writeXlsx } from './xlsx-stream';

/** Rows in memory as the batches a sheet takes, `size` at a time. */
async function* inBatches<T>(rows: readonly T[], size: number): AsyncGenerator<readonly T[]> {
  for (let at = 0; at < rows.length; at += size) yield rows.slice(at, at + size);
}

/** The workbook `writeXlsx` writes for `sheet`, read back whole. */
async function written<T>(sheet: XlsxSheet<T>): Promise<ExcelJS.Workbook> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeXlsx(out, sheet, new AbortController().signal);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return workbook;
}

/** Batches of `size` numbers for ever, counting how many were asked for and whether each was closed. */
function endlessBatches(size: number) {
  const state = { pulled: 0, closed: false, turnedBetween: [] as boolean[] };
  let turned = true;
  async function* batches(): AsyncGenerator<number[]> {
    try {
      for (;;) {
        state.pulled++;
        // Whether the event loop turned (a setImmediate queued at the last batch ran) since then.
        state.turnedBetween.push(turned);
        turned = false;
        setImmediate(() => {
          turned = true;
        });
        yield Array.from({ length: size }, (_, i) => state.pulled * size + i);
      }
    } finally {
      state.closed = true;
    }
  }
  return { state, batches: batches() };
}

/** Lets the event loop turn `n` times: what a writer that ignores a full stream would use to run on. */
async function turns(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
}

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

  it('round-trips through exceljs with headers, values, dates and formula text kept as text', async () => {
    const when = new Date('2026-01-02T03:04:05.000Z');
    const workbook = await written({
      sheetName: 'Sheet: a/b',
      columns: [
        { header: 'Name', value: (r: { name: string; n: number }) => r.name },
        { header: 'N', value: (r) => r.n },
        { header: 'When', value: () => when },
      ],
      batches: inBatches(
        [
          { name: '张三', n: 1 },
          { name: '=HYPERLINK("x")', n: 2 },
          { name: ' line\nbreak ', n: 3 },
        ],
        2,
      ),
    });
    const sheet = workbook.worksheets[0];
    expect(sheet?.name).toBe('Sheet  a b');
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Name', 'N', 'When']);
    expect(sheet?.getRow(1).font?.bold).toBe(true);
    expect(sheet?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet?.getRow(2).values).toEqual([undefined, '张三', 1, when]);
    expect(sheet?.getRow(3).getCell(1).value).toBe('\'=HYPERLINK("x")');
    expect(sheet?.getRow(3).getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(sheet?.getRow(4).getCell(1).value).toBe(' line\nbreak ');
    expect(sheet?.rowCount).toBe(4);
  });

  it('writes a header-only template', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await headerOnlyXlsx('T', [{ header: 'Q', value: () => '' }])) as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]?.getRow(1).values).toEqual([undefined, 'Q']);
    expect(workbook.worksheets[0]?.rowCount).toBe(1);
  });

  it('asks for the next batch only when the client has room, and lets the event loop turn between batches', async () => {
    const { state, batches } = endlessBatches(200);
    // A client that reads nothing: the answer's buffer fills and stays full.
    const out = new PassThrough({ highWaterMark: 4096 });
    const gone = new AbortController();
    const writing = writeXlsx(
      out,
      { sheetName: 'S', columns: [{ header: 'N', value: (n: number) => n }], batches },
      gone.signal,
    );
    writing.catch(() => {});
    // The buffer fills as fast as the machine writes: wait for it as long as a loaded machine needs.
    await vi.waitFor(() => expect(out.writableNeedDrain).toBe(true), { timeout: 30_000 });
    await turns(5);
    const held = state.pulled;
    // Were the writer to go on regardless, it would ask for a batch on every turn of the loop.
    await turns(200);
    expect(state.pulled).toBe(held);
    expect(held).toBeLessThan(200);
    expect(state.turnedBetween.every(Boolean)).toBe(true);

    // The client reads again: the writer goes on.
    out.resume();
    await vi.waitFor(() => expect(state.pulled).toBeGreaterThan(held + 10));
    // The client goes away: the writer stops and closes the batches (no further reads).
    gone.abort(new Error('client gone'));
    await expect(writing).rejects.toThrow('client gone');
    expect(state.closed).toBe(true);
    const stopped = state.pulled;
    await turns(50);
    expect(state.pulled).toBe(stopped);
  });

  it('leaves the file unfinished when a batch fails, so the client never gets a short file that looks whole', async () => {
    async function* failing(): AsyncGenerator<number[]> {
      yield [1, 2, 3];
      throw new Error('database gone');
    }
    const out = new PassThrough();
    out.resume();
    const writing = writeXlsx(
      out,
      { sheetName: 'S', columns: [{ header: 'N', value: (n: number) => n }], batches: failing() },
      new AbortController().signal,
    );
    await expect(writing).rejects.toThrow('database gone');
    await turns(50);
    expect(out.writableEnded).toBe(false);
    expect(out.readableEnded).toBe(false);
  });
});
