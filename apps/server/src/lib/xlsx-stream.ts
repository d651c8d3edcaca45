import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { yieldToEventLoop } from './event-loop';
import { neutraliseCell, safeSheetName, type XlsxColumn, type XlsxSheet } from './xlsx-export';

/**
 * The one place a workbook is written. ExcelJS's streaming writer turns each row into XML as it
 * is added and zips it on the way out, so neither the rows nor the file are ever whole in memory
 * (the document writer it replaces built both, 100,000 rows in one turn of the event loop).
 * Strings are written inline, not shared: a shared-strings table is kept until the end.
 */

/**
 * Rows written in one turn of the event loop. A QA answer may be 10,000 characters, so a whole
 * batch of them in one turn would be a long one; 250 rows of that size take a few milliseconds.
 */
export const ROWS_PER_TURN = 250;

/**
 * How long the writer waits for a client that has stopped reading before it gives up: the export
 * holds one of its customer's export slots until it ends, and a client must not keep it for ever.
 */
export const STALLED_CLIENT_MS = 120_000;

/** The part of archiver (ExcelJS's zip stage) the writer needs to stop it. */
interface ZipStage {
  abort(): unknown;
  unpipe(destination: Writable): unknown;
  on(event: 'error', listener: (err: Error) => void): unknown;
}

/**
 * Writes the sheet into `out` as the batches come, and returns the number of rows. Between slices
 * of rows it waits until `out` has room (the client reads slowly: the rows wait in the database,
 * not in memory) and lets the event loop turn, so every other request is served meanwhile.
 * Rejects when `signal` aborts (the client went away), the client stalls or a batch fails,
 * leaving `out` unfinished for the caller to destroy.
 */
export async function writeXlsx<T>(out: Writable, sheet: XlsxSheet<T>, signal: AbortSignal): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const zip = (workbook as unknown as { zip: ZipStage }).zip;
  // Without a listener an error of the zip stage would end the process.
  zip.on('error', () => {});
  try {
    const ws = workbook.addWorksheet(safeSheetName(sheet.sheetName), { views: [{ state: 'frozen', ySplit: 1 }] });
    writeHeader(ws, sheet.columns);
    let rows = 0;
    for await (const batch of sheet.batches) {
      for (const row of batch) {
        ws.addRow(sheet.columns.map((c) => neutraliseCell(c.value(row)))).commit();
        rows++;
        if (rows % ROWS_PER_TURN === 0) await nextTurn(out, signal);
      }
      await nextTurn(out, signal);
    }
    ws.commit();
    await untilAborted(workbook.commit(), signal);
    return rows;
  } catch (err) {
    // An aborted zip ends its output: unpiped first, `out` is never ended, so a client sees a
    // broken download rather than a short file that looks whole.
    zip.unpipe(out);
    zip.abort();
    throw err;
  }
}

/** A workbook of headers only, in memory: the import template. Small by construction, it has no rows. */
export async function headerOnlyXlsx<T>(sheetName: string, columns: XlsxColumn<T>[]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = once(out, 'end');
  await writeXlsx(out, { sheetName, columns, batches: noBatches<T>() }, new AbortController().signal);
  await done;
  return Buffer.concat(chunks);
}

function writeHeader<T>(ws: ExcelJS.Worksheet, columns: XlsxColumn<T>[]): void {
  ws.columns = columns.map((c) => ({ header: String(neutraliseCell(c.header) ?? ''), width: c.width ?? 18 }));
  const header = ws.getRow(1);
  header.font = { bold: true };
  header.commit();
}

/** Waits for room in `out` (a stalled client is given up after STALLED_CLIENT_MS), then one turn of the event loop. */
async function nextTurn(out: Writable, signal: AbortSignal): Promise<void> {
  signal.throwIfAborted();
  while (out.writableNeedDrain) {
    await once(out, 'drain', { signal: AbortSignal.any([signal, AbortSignal.timeout(STALLED_CLIENT_MS)]) });
  }
  await yieldToEventLoop();
  signal.throwIfAborted();
}

/** `promise`, or a rejection once `signal` aborts: a commit into a destroyed stream never settles. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** A sheet without rows. */
async function* noBatches<T>(): AsyncGenerator<readonly T[]> {}
