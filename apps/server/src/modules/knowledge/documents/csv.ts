import iconv from 'iconv-lite';

/** CSV text from bytes: UTF-8 (with or without BOM) when valid, otherwise GB18030 (Excel in China). */
export function decodeCsv(data: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    text = iconv.decode(data, 'gb18030');
  }
  return text.replace(/^\uFEFF/, '');
}

/**
 * RFC 4180 records: quoted fields may hold commas, quotes ("") and line breaks. Yields each
 * record with its 1-based record number; stops early once more than `limit` non-empty records
 * have been read (the caller then refuses the file, so nothing is silently cut).
 */
export function parseCsv(text: string, limit: number): { row: number; cells: string[] }[] {
  const records: { row: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  let nonEmpty = 0;
  const endRecord = () => {
    cells.push(field);
    if (cells.some((c) => c.trim())) nonEmpty++;
    records.push({ row: records.length + 1, cells });
    cells = [];
    field = '';
  };
  while (i < text.length && nonEmpty <= limit) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (c === '"') quoted = false;
      else field += c;
      i++;
      continue;
    }
    if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      cells.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRecord();
    } else field += c;
    i++;
  }
  if (field !== '' || cells.length) endRecord();
  return records;
}
