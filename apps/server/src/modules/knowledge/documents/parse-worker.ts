/**
 * Entry of the parse worker threads (see parse-pool.ts): documents to fragments, sheets to rows,
 * QA to search vectors.
 * Bundled as dist/parse-worker.js beside dist/main.js; from the sources, bundled on
 * first use (lib/worker-thread.ts).
 */
import { serveTasks } from '../../../lib/worker-task';
import { splitFragments } from './chunker';
import type { ParseResult, ParseTask } from './parse-pool';
import { readQaSheet, SheetError } from './qa-sheet';
import { qaVectorText } from './search-text';
import { ExtractError, extractDocumentText } from './text-extract';

// Segmenting loads its dictionaries on first use; a worker boots once and serves many tasks, so it
// loads them before it says it is ready rather than inside the first task's time.
qaVectorText('预热', 'warm', '');

serveTasks<ParseTask, ParseResult>(async (task) => {
  if (task.type === 'qaVectors') return { ok: true, vectors: task.items.map((qa) => qaVectorText(...qa)) };
  const data = Buffer.from(task.data.buffer, task.data.byteOffset, task.data.byteLength);
  try {
    if (task.type === 'document') {
      // Splitting is linear in the text, which may be tens of megabytes: it is done here too.
      return { ok: true, fragments: splitFragments(await extractDocumentText(task.kind, data, task.limits)) };
    }
    return { ok: true, rows: await readQaSheet(task.kind, data, task.limits) };
  } catch (err) {
    if (err instanceof ExtractError || err instanceof SheetError) {
      return { ok: false, reason: err.reason, message: err.message };
    }
    throw err;
  }
});
