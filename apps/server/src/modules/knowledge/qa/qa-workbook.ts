import type { XlsxColumn } from '../../../lib/xlsx-export';
import { headerOnlyXlsx } from '../../../lib/xlsx-stream';

/** One QA as its sheet holds it: the template's and the export's columns. */
export interface QaSheetRow {
  question: string;
  answer: string;
  tags: string;
}

/**
 * Column titles in both languages the import recognises, so an export re-imports as it is.
 * Formula-like text is neutralised by the writer (a leading apostrophe), which the import takes
 * off again.
 */
export const QA_COLUMNS: XlsxColumn<QaSheetRow>[] = [
  { header: '问题 Question', value: (r) => r.question, width: 40 },
  { header: '答案 Answer', value: (r) => r.answer, width: 80 },
  { header: '标签 Tags', value: (r) => r.tags, width: 20 },
];

export const QA_SHEET_NAME = 'QA';

/** The import template: column 1 question, column 2 answer, column 3 optional tags. */
export function templateWorkbook(): Promise<Buffer> {
  return headerOnlyXlsx(QA_SHEET_NAME, QA_COLUMNS);
}
