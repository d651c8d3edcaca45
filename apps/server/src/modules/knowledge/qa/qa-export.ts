import { QA_IMPORT_MAX_ROWS, type qaExportSchema } from '@agent-console/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { qaRecords } from '../../../db/schema';
import { keysetBatches } from '../../../http/export-batches';
import type { KeysetSpec } from '../../../http/keyset';
import type { AuthContext } from '../../../http/request-context';
import type { XlsxFile } from '../../../lib/xlsx-export';
import { knowledgeFilesToJoin as files } from '../documents/document.repo';
import { qaFilter } from './qa.service';
import { QA_COLUMNS, QA_SHEET_NAME, type QaSheetRow } from './qa-workbook';

/** Newest first, as the list shows them; the id orders QA changed in the same instant. */
const KEYSET: KeysetSpec = {
  columns: { updatedAt: qaRecords.updatedAt },
  id: qaRecords.id,
  fallback: { field: 'updatedAt', direction: 'desc' },
};

/**
 * The QA matching the list's filters as a workbook that imports back: at most `cap` rows, as many
 * as an import takes (QA_IMPORT_MAX_ROWS), read in batches as the client downloads them.
 */
export function qaExportFile(
  db: Db,
  auth: AuthContext,
  query: z.output<typeof qaExportSchema>,
  cap = QA_IMPORT_MAX_ROWS,
): XlsxFile<QaSheetRow & { id: number }> {
  const { where } = qaFilter(auth, query);
  return {
    fileName: 'qa-export.xlsx',
    sheetName: QA_SHEET_NAME,
    columns: QA_COLUMNS,
    batches: keysetBatches(
      KEYSET,
      undefined,
      {
        // PGlite gathers no statistics (it runs no autovacuum); without them the planner reads and
        // sorts all of the customer's QA for every batch (200-500 ms, holding up every other call).
        // With no sort to choose it walks qa_records_customer_updated_idx from the cursor (~15 ms).
        rows: (window) =>
          db.transaction(async (tx) => {
            await tx.execute(sql`set local enable_sort = off`);
            return tx
              .select({
                id: qaRecords.id,
                question: qaRecords.question,
                answer: qaRecords.answer,
                tags: qaRecords.tags,
                sortKey: window.sortKey,
              })
              .from(qaRecords)
              .leftJoin(files, eq(files.id, qaRecords.fileId))
              .where(and(where, window.where))
              .orderBy(...window.orderBy)
              .limit(window.limit)
              .offset(window.offset)
              .execute(window.values);
          }),
        toDto: ({ sortKey: _, ...row }) => row,
      },
      cap,
    ),
  };
}
