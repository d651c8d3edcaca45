import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { exportSlots } from '../lib/export-slots';
import { withXlsxExtension, XLSX_MIME, type XlsxFile } from '../lib/xlsx-export';
import { writeXlsx } from '../lib/xlsx-stream';
import type { ObjectStorage } from '../storage';
import { requireAuth } from './auth-guard';

/** RFC 5987 value: UTF-8, percent-encoded, with the characters encodeURIComponent leaves alone fixed. */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `attachment; filename="ascii.xlsx"; filename*=UTF-8''%E6%93%8D...` — the starred form keeps
 * Chinese and other names intact; the plain one is an ASCII fallback for old clients. Every
 * download of the API names its file through this one function.
 */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${rfc5987(fileName)}`;
}

/** A stored file as the answer names it: where its bytes are, its type and its original name. */
export interface StoredFileRow {
  storageKey: string;
  mime: string;
  originalName: string;
}

/**
 * Answers the call with a stored file's bytes under its own name. `nosniff` keeps a browser from
 * running an upload as something other than its declared type.
 */
export async function sendStoredFile(reply: FastifyReply, storage: ObjectStorage, row: StoredFileRow) {
  const data = await storage.get(row.storageKey);
  return reply
    .header('content-type', row.mime)
    .header('content-disposition', contentDisposition(row.originalName))
    .header('x-content-type-options', 'nosniff')
    .send(data);
}

/**
 * Answers the call with a workbook, streamed: every export goes through here. It takes one of
 * the caller's customer's export slots first (A0502 / A0503 when there is none, before any work),
 * then `prepare` (loading what names the file, checking filters) and the first batch of rows run
 * while an error can still be answered as an envelope. After that the file is written into the
 * answer as the client reads it (lib/xlsx-stream.ts), and the slot is given back when its rows
 * are written, it fails, or the client goes away.
 */
export async function sendXlsx<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  prepare: () => XlsxFile<T> | Promise<XlsxFile<T>>,
): Promise<FastifyReply> {
  const release = exportSlots.acquire(requireAuth(request).customerId);
  let streaming = false;
  try {
    const file = await prepare();
    const rest = file.batches[Symbol.asyncIterator]();
    const first = await rest.next();
    const out = new PassThrough();
    const gone = new AbortController();
    // Closed before the writer finished: the client went away, or Fastify ended the answer.
    out.on('close', () => gone.abort(new Error('the download ended early')));
    out.on('error', () => gone.abort(new Error('the download failed')));
    streaming = true;
    // A background task of the app: its close waits for the writer (cut off with the connection
    // by then) before the database closes, so no batch is read from a closed database.
    request.server.backgroundTasks.run('export', () =>
      writeXlsx(out, { ...file, batches: resumed(first, rest, release) }, gone.signal)
        .catch((err: unknown) => {
          if (!gone.signal.aborted) {
            // A client that stopped reading is its own business; anything else is ours.
            if (err instanceof Error && err.name === 'AbortError') request.log.warn({ err }, 'export client stalled');
            else request.log.error({ err }, 'export failed after its first bytes');
          }
          // Destroyed, never ended: the client sees a broken download, not a short file.
          out.destroy();
        })
        .finally(release),
    );
    return reply
      .header('content-type', XLSX_MIME)
      .header('content-disposition', contentDisposition(withXlsxExtension(file.fileName)))
      .header('cache-control', 'no-store')
      .send(out);
  } finally {
    if (!streaming) release();
  }
}

/**
 * The batches again, the first one (already read, to fail before the answer starts) included.
 * `done` runs once the writer has taken the last batch or stopped taking them: the export's work
 * is over then, before the file's last bytes reach the client, so a client that asks again as
 * soon as it has the file finds the slot free.
 */
async function* resumed<T>(first: IteratorResult<T>, rest: AsyncIterator<T>, done: () => void): AsyncGenerator<T> {
  try {
    if (first.done) return;
    yield first.value;
    for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
  } finally {
    done();
    await rest.return?.();
  }
}
