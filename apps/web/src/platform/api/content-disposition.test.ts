import { describe, expect, it } from 'vitest';
import { filenameFromDisposition } from './content-disposition';

describe('filenameFromDisposition', () => {
  it('prefers the RFC 5987 name and decodes UTF-8', () => {
    const header = `attachment; filename="______20261122.xlsx"; filename*=UTF-8''%E6%93%8D%E4%BD%9C%E6%97%A5%E5%BF%97_20261122.xlsx`;
    expect(filenameFromDisposition(header)).toBe('操作日志_20261122.xlsx');
  });

  it('decodes encoded quotes and parentheses', () => {
    expect(filenameFromDisposition("attachment; filename*=utf-8''a%20%281%29%27s.xlsx")).toBe("a (1)'s.xlsx");
  });

  it('falls back to the plain name, quoted or not', () => {
    expect(filenameFromDisposition('attachment; filename="report \\"q\\".xlsx"')).toBe('report "q".xlsx');
    expect(filenameFromDisposition('attachment; filename=plain.xlsx')).toBe('plain.xlsx');
  });

  it('uses the fallback without a header or a name', () => {
    expect(filenameFromDisposition(null, 'x.xlsx')).toBe('x.xlsx');
    expect(filenameFromDisposition('attachment', 'y.xlsx')).toBe('y.xlsx');
  });
});
