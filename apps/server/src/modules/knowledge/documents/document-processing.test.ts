import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { makeDocx, uploadDocument } from '@agent-console/server/test/fixtures/knowledge';
import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { knowledgeFiles, knowledgeFragments, qaRecords } from '../../../db/schema';
import { createLocalMiner, MinerError, type QaMiner } from '../../../integrations/llm';
import { createLocalStorage } from '../../../storage/local-storage';
import { processDocument } from './document-processing';

// Without jobs: an uploaded document stays "processing" (attempt 1) until a test runs it here.
const { t, admin } = useAdminApp();
/** More than a hundred fragments: several batches of fragment writes and of mining. */
const longDocx = () =>
  makeDocx(
    Array.from({ length: 800 }, (_, i) =>
      i % 4 === 0
        ? `Q: How does step ${i} work?`
        : i % 4 === 1
          ? `A: ${'The step details follow here. '.repeat(20)}`
          : `${'Background text for the step. '.repeat(25)} ${i}`,
    ),
  );

async function uploaded(name: string): Promise<number> {
  const saved = await uploadDocument(t, admin(), name, longDocx());
  expect(saved.body.code).toBe('00000');
  return saved.body.data.id;
}

const deps = (miner: QaMiner) => ({ db: t.database.db, storage: createLocalStorage(t.filesDir), miner });

async function fileRow(id: number) {
  const [row] = await t.database.db.select().from(knowledgeFiles).where(eq(knowledgeFiles.id, id));
  return row;
}

async function rowCount(table: typeof knowledgeFragments | typeof qaRecords, id: number, extra = sql`true`) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(table)
    .where(and(eq(table.fileId, id), extra));
  return row?.n ?? 0;
}

describe('processDocument', () => {
  it('writes every fragment, and every mined QA with a search vector that finds its words', async () => {
    const id = await uploaded('long.docx');
    await processDocument(deps(createLocalMiner()), id, 1);
    const row = await fileRow(id);
    expect(row).toMatchObject({ processStatus: 'completed', miningStatus: 3, abnormalReason: null });
    expect(row?.fragmentCount).toBeGreaterThan(100);
    expect(row?.qaCount).toBeGreaterThan(100);
    expect(await rowCount(knowledgeFragments, id)).toBe(row?.fragmentCount);
    const step = sql`${qaRecords.searchVector} @@ to_tsquery('simple', 'step & details')`;
    expect(await rowCount(qaRecords, id, step)).toBe(row?.qaCount);
  });

  it('a retry during the run leaves the stale run writing no QA and the status to the new attempt', async () => {
    const id = await uploaded('retried.docx');
    const local = createLocalMiner();
    let retried = false;
    const miner: QaMiner = {
      name: 'local',
      async mine(input) {
        if (!retried) {
          retried = true;
          // What a retry does to the row: the next attempt, still processing.
          await t.database.db.update(knowledgeFiles).set({ attempt: 2 }).where(eq(knowledgeFiles.id, id));
        }
        return local.mine(input);
      },
    };
    await processDocument(deps(miner), id, 1);
    expect(await fileRow(id)).toMatchObject({ attempt: 2, processStatus: 'processing', miningStatus: 2 });
    expect(await rowCount(qaRecords, id)).toBe(0);
  });

  it('a miner failing in a later batch ends the document abnormal with its reason, every fragment kept', async () => {
    const whole = await uploaded('whole.docx');
    await processDocument(deps(createLocalMiner()), whole, 1);
    const expected = await rowCount(knowledgeFragments, whole);
    const id = await uploaded('failing.docx');
    const local = createLocalMiner();
    let calls = 0;
    const miner: QaMiner = {
      name: 'openai',
      async mine(input) {
        if (++calls > 60) throw new MinerError('quota exceeded');
        return local.mine(input);
      },
    };
    await processDocument(deps(miner), id, 1);
    const row = await fileRow(id);
    expect(row).toMatchObject({
      processStatus: 'completed',
      miningStatus: 1,
      abnormalReason: 'llmFailed: quota exceeded',
    });
    // Splitting needs no model: every fragment is written; the QA are those mined before the failure.
    expect(row?.fragmentCount).toBe(expected);
    expect(await rowCount(knowledgeFragments, id)).toBe(expected);
    expect(row?.qaCount).toBe(await rowCount(qaRecords, id));
    expect(row?.qaCount).toBeLessThan(await rowCount(qaRecords, whole));
  });

  it('a model that cannot be reached at all still leaves every fragment of the document searchable', async () => {
    const whole = await uploaded('reachable.docx');
    await processDocument(deps(createLocalMiner()), whole, 1);
    const id = await uploaded('unreachable.docx');
    const miner: QaMiner = {
      name: 'openai',
      async mine() {
        throw new MinerError('LLM unreachable: connect ECONNREFUSED', 'network');
      },
    };
    await processDocument(deps(miner), id, 1);
    expect(await fileRow(id)).toMatchObject({
      processStatus: 'completed',
      miningStatus: 1,
      qaCount: 0,
      fragmentCount: await rowCount(knowledgeFragments, whole),
    });
  });
});
