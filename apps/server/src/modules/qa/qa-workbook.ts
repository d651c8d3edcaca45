import ExcelJS from 'exceljs';

/** Column titles of the template and the export, in both languages the import recognises. */
const HEADER = ['问题 Question', '答案 Answer', '标签 Tags'];

function sheet(workbook: ExcelJS.Workbook): ExcelJS.Worksheet {
  const ws = workbook.addWorksheet('QA');
  ws.columns = [
    { header: HEADER[0], width: 40 },
    { header: HEADER[1], width: 80 },
    { header: HEADER[2], width: 20 },
  ];
  ws.getRow(1).font = { bold: true };
  return ws;
}

/** The import template: column 1 question, column 2 answer, column 3 optional tags. */
export async function templateWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  sheet(workbook);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * Cells that a spreadsheet would run as a formula (= + - @) get a leading apostrophe; the
 * import strips it again, so an export re-imports to the same text.
 */
export function neutralise(text: string): string {
  return /^[=+\-@]/.test(text) ? `'${text}` : text;
}

export async function exportWorkbook(rows: { question: string; answer: string; tags: string }[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const ws = sheet(workbook);
  for (const r of rows) ws.addRow([neutralise(r.question), neutralise(r.answer), neutralise(r.tags)]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
