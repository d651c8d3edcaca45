import type { Language } from '@agent-console/contracts';

/**
 * What an export is made of: columns, cells and the file's name. The workbook itself is written
 * by `writeXlsx` (xlsx-stream.ts) and sent by `sendXlsx` (http/download.ts), the only way an
 * export leaves the server.
 */

export type XlsxCell = string | number | boolean | Date | null | undefined;

export interface XlsxColumn<T> {
  header: string;
  value: (row: T) => XlsxCell;
  /** Width in characters; a sensible default otherwise. */
  width?: number;
}

/**
 * One sheet of rows, handed over in batches as they are read from the database: the writer asks
 * for the next batch only once the last one is written and the client has taken what was sent.
 */
export interface XlsxSheet<T> {
  sheetName: string;
  columns: XlsxColumn<T>[];
  batches: AsyncIterable<readonly T[]>;
}

export interface XlsxFile<T> extends XlsxSheet<T> {
  /** Shown to the user as is (any language); `.xlsx` is appended when missing. */
  fileName: string;
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A spreadsheet cell holds at most 32,767 characters. */
const CELL_MAX = 32_767;

/**
 * Text a spreadsheet would read as a formula (= + - @, or a leading tab/CR that some readers
 * strip first) gets a leading apostrophe, so an exported value can never run as a formula
 * (ANCHORS §B attack 9). Numbers and dates are real cells and are left alone.
 */
export function neutraliseCell(value: XlsxCell): XlsxCell {
  if (typeof value !== 'string') return value ?? null;
  const text = value.length > CELL_MAX ? value.slice(0, CELL_MAX) : value;
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** Sheet names: at most 31 characters, none of : \ / ? * [ ]. */
export function safeSheetName(name: string): string {
  return name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1';
}

export function withXlsxExtension(fileName: string): string {
  const clean = fileName.replace(/[\r\n"\\/]/g, '_').trim() || 'export';
  return /\.xlsx$/i.test(clean) ? clean : `${clean}.xlsx`;
}

/** A header, a cell's word or a file name in each language. */
export type ExportText = Record<Language, string>;

/** An ExportText from its four spellings, in the order en, zh-chs, zh-cht, ja. */
export const exportText = (en: string, chs: string, cht: string, ja: string): ExportText => ({
  en,
  'zh-chs': chs,
  'zh-cht': cht,
  ja,
});

/** `<name>_<yyyyMMddHHmmss>`: a name the user recognises, unique per second. */
export function exportFileName(name: Record<Language, string>, lang: Language, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `${name[lang]}_${stamp}.xlsx`;
}

/** A workbook whose file and sheet are both called `name`, in the caller's language (the file's name stamped). */
export function namedXlsxFile<T>(
  name: ExportText,
  lang: Language,
  columns: XlsxColumn<T>[],
  batches: AsyncIterable<readonly T[]>,
): XlsxFile<T> {
  return { fileName: exportFileName(name, lang), sheetName: name[lang], columns, batches };
}
