import { QA_IMPORT_MAX_ROWS } from '@agent-console/contracts/knowledge.limits';
import { scanXml } from '../../../lib/xml-scan';
import { readZipEntries, readZipEntry } from '../../../storage/zip-inspect';
import { decodeCsv, parseCsv } from './csv';
import { readXlsxRows, TooManyXlsxRows } from './xlsx-rows';

/** A cell as the import sees it: text, or a formula (which is refused, not evaluated). */
export type SheetCell = { text: string } | { formula: true };
export interface SheetRow {
  row: number;
  cells: SheetCell[];
}

export type SheetReason = 'tooManyRows' | 'unreadable' | 'empty' | 'tooComplex';

/** A sheet that cannot be imported at all; `reason` is a stable key the screen translates. */
export class SheetError extends Error {
  constructor(
    readonly reason: SheetReason,
    detail?: string,
  ) {
    super(detail ? `${reason}: ${detail}` : reason);
  }
}

/**
 * What reading one workbook may cost. The reader builds no tree, so elements cost time rather than
 * memory; 100,000 rows of three cells with styles are well under a few million elements.
 */
export interface SheetLimits {
  maxXmlElements: number;
  maxXmlDepth: number;
}
export const SHEET_LIMITS: SheetLimits = { maxXmlElements: 5_000_000, maxXmlDepth: 100 };

/** Only the first three columns matter (question, answer, tags); trailing columns are ignored. */
const COLUMNS = 3;

/**
 * The non-empty rows of the first worksheet (XLSX) or of a CSV file, header row removed.
 * More than QA_IMPORT_MAX_ROWS data rows refuses the whole sheet before anything is written, and
 * so does a sheet without data rows. CPU-heavy: the server runs it in a worker thread
 * (parse-worker.ts), never on the event loop.
 */
export async function readQaSheet(
  kind: 'xlsx' | 'csv',
  data: Buffer,
  limits: SheetLimits = SHEET_LIMITS,
): Promise<SheetRow[]> {
  let rows: SheetRow[];
  try {
    if (kind === 'csv') rows = readCsv(data);
    else {
      checkXlsxShape(data, limits);
      rows = readXlsx(data);
    }
  } catch (err) {
    if (err instanceof SheetError) throw err;
    throw new SheetError('unreadable');
  }
  const nonEmpty = rows.filter((r) => r.cells.some((c) => 'formula' in c || c.text.trim() !== ''));
  const first = nonEmpty[0];
  const body = first && isHeader(first) ? nonEmpty.slice(1) : nonEmpty;
  if (body.length > QA_IMPORT_MAX_ROWS) throw new SheetError('tooManyRows');
  if (!body.length) throw new SheetError('empty');
  return body;
}

/**
 * The spreadsheet reader (xlsx-rows.ts) reads each part in one pass and assumes it whole and
 * well-formed (the ExcelJS reader before it stopped quietly where a part ended, so a worksheet cut
 * short imported the rows before the cut and reported success). Every XML part of the workbook is
 * checked to be whole and well-formed first, and its size in elements bounded.
 */
function checkXlsxShape(data: Buffer, limits: SheetLimits): void {
  let budget = limits.maxXmlElements;
  for (const entry of readZipEntries(data)) {
    if (!/^xl\/.+\.xml$/i.test(entry.name)) continue;
    const shape = scanXml(readZipEntry(data, entry), { maxElements: budget, maxDepth: limits.maxXmlDepth });
    if (shape.exceeded) throw new SheetError('tooComplex');
    if (!shape.wellFormed) throw new SheetError('unreadable', `${entry.name} is not well-formed XML`);
    budget -= shape.elements;
  }
}

function readCsv(data: Buffer): SheetRow[] {
  // +2: the header and one more, so an over-long file is recognised without reading it all.
  return parseCsv(decodeCsv(data), QA_IMPORT_MAX_ROWS + 2).map((r) => ({
    row: r.row,
    cells: r.cells.slice(0, COLUMNS).map((text) => ({ text })),
  }));
}

function readXlsx(data: Buffer): SheetRow[] {
  try {
    // +1: the header row, which is not counted against the cap.
    return readXlsxRows(data, COLUMNS, QA_IMPORT_MAX_ROWS + 1);
  } catch (err) {
    if (err instanceof TooManyXlsxRows) throw new SheetError('tooManyRows');
    throw err;
  }
}

const QUESTION_HEADER = /^(?:q|question|questions|问题|問題|质问|質問|提问)\b|^(?:问题|問題|質問)/i;
const ANSWER_HEADER = /^(?:a|answer|answers|答案|回答|答复|答覆|回答)\b|^(?:答案|回答)/i;

function textOf(cell: SheetCell | undefined): string {
  return cell && 'text' in cell ? cell.text.trim() : '';
}

export function isHeader(row: SheetRow): boolean {
  return QUESTION_HEADER.test(textOf(row.cells[0])) || ANSWER_HEADER.test(textOf(row.cells[1]));
}
