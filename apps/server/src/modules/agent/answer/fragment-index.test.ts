import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { insertDocument } from '@agent-console/server/test/fixtures/answers';
import { insertApp } from '@agent-console/server/test/fixtures/apps';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { knowledgeFragments } from '../../../db/schema';
import { backfillFragmentVectors } from '../../knowledge/documents/fragment-vectors';
import { answer } from './agent';

/** Fragments stored before they had search vectors (migration 0008) are answered from, before and after the backfill. */
const { t, f } = useAdminApp();

describe('fragments without a search vector', () => {
  it('are candidates until the backfill gives them one, and found through the index after it', async () => {
    const customerId = await f.customer();
    const app = await insertApp(t, { customerId });
    await insertDocument(t, {
      customerId,
      name: '保修说明.pdf',
      fragments: ['整机保修两年，电池保修一年。保修期内免费维修。'],
      unindexed: true,
    });
    const ask = () =>
      answer(
        { db: t.database.db },
        { customerId, appId: app.id, messages: [{ role: 'user', content: '电池保修多久？' }] },
      );
    const unindexed = () =>
      t.database.db
        .select({ id: knowledgeFragments.id })
        .from(knowledgeFragments)
        .where(and(eq(knowledgeFragments.customerId, customerId), isNull(knowledgeFragments.searchVector)));

    expect(await unindexed()).toHaveLength(1);
    expect((await ask()).content).toContain('电池保修一年。');
    expect(await backfillFragmentVectors(t.database.db)).toBeGreaterThanOrEqual(1);
    expect(await unindexed()).toHaveLength(0);
    const after = await ask();
    expect(after.step).toBe('knowledge');
    expect(after.content).toContain('电池保修一年。');
  });
});
