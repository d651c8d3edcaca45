import { type KeysetRequest, type KeysetSource, type KeysetSpec, keysetPage } from './keyset';

/**
 * The rows of an export, read a batch at a time (docs/decisions.md, "Exports stream"): a batch is
 * read when the writer asks for it, so an export holds one batch in memory however many rows it
 * has, and the database is never asked for them all in one statement (on the embedded database
 * one long statement holds up every other call).
 */

/** Rows per batch: a statement of a few dozen milliseconds over 100,000 QA on the embedded database. */
export const EXPORT_BATCH_ROWS = 1000;

/**
 * A list's rows in its keyset order, (sort column, id), after a cursor like its pages
 * (http/keyset.ts), at most `limit`. Rows written while the export runs are in the file or not
 * depending on where they sort; none is read twice.
 */
export async function* keysetBatches<R, T extends { id: number }>(
  spec: KeysetSpec,
  orderBy: KeysetRequest['orderBy'],
  source: Omit<KeysetSource<R, T>, 'count'>,
  limit = Number.POSITIVE_INFINITY,
  batchRows = EXPORT_BATCH_ROWS,
): AsyncGenerator<T[]> {
  let cursor: string | undefined;
  for (let left = limit; left > 0; ) {
    const page = await keysetPage(
      spec,
      { pageNum: 1, pageSize: Math.min(batchRows, left), orderBy, cursor, withTotal: false },
      { ...source, count: () => Promise.reject(new Error('an export counts nothing')) },
    );
    if (page.list.length) yield page.list;
    left -= page.list.length;
    if (!page.nextCursor) return;
    cursor = page.nextCursor;
  }
}

/**
 * Rows by offset, for lists no keyset fits: a grouped query sorted by any of its figures, a text
 * key. `read` must order by a unique column last, or a row could fall between two batches.
 */
export async function* offsetBatches<T>(
  read: (window: { limit: number; offset: number }) => PromiseLike<readonly T[]>,
  limit: number,
  batchRows = EXPORT_BATCH_ROWS,
): AsyncGenerator<readonly T[]> {
  for (let offset = 0; offset < limit; ) {
    const size = Math.min(batchRows, limit - offset);
    const rows = await read({ limit: size, offset });
    if (rows.length) yield rows;
    if (rows.length < size) return;
    offset += rows.length;
  }
}
