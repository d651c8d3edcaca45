import { asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { knowledgeFragments } from '../../../db/schema';
import { yieldToEventLoop } from '../../../lib/event-loop';
import { fragmentSearchVector } from './search-text';

const BATCH = 200;

/**
 * Gives every fragment stored before fragments had a search vector (migration 0008) its vector,
 * a batch at a time, yielding between batches so that requests are not held up. Run once at
 * start; the agent reads unindexed fragments without the index until then. Safe to run on
 * several instances at once: each writes the same value.
 */
export async function backfillFragmentVectors(db: Db): Promise<number> {
  let done = 0;
  for (;;) {
    const rows = await db
      .select({ id: knowledgeFragments.id, heading: knowledgeFragments.heading, content: knowledgeFragments.content })
      .from(knowledgeFragments)
      .where(isNull(knowledgeFragments.searchVector))
      .orderBy(asc(knowledgeFragments.id))
      .limit(BATCH);
    if (!rows.length) return done;
    await db.transaction(async (tx) => {
      for (const row of rows) {
        await tx
          .update(knowledgeFragments)
          .set({ searchVector: fragmentSearchVector(row.heading, row.content) })
          .where(eq(knowledgeFragments.id, row.id));
      }
    });
    done += rows.length;
    await yieldToEventLoop();
  }
}
