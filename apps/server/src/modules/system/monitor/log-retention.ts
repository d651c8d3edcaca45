import { inArray, lt } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { loginLogs, operationLogs } from '../../../db/schema';
import { defineJobHandler } from '../../../jobs/registry';

export const LOG_RETENTION_HANDLER = 'log.cleanOld';

/**
 * Retention: removes operation-log and login-log rows older than `days` days. Safe to run twice
 * (a second run finds nothing); deletes in batches so one run never holds a huge lock.
 */
export async function cleanLogsOlderThan(
  db: Db,
  days: number,
  now = new Date(),
): Promise<{ operationLogs: number; loginLogs: number }> {
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  return {
    operationLogs: await deleteInBatches(db, operationLogs, cutoff),
    loginLogs: await deleteInBatches(db, loginLogs, cutoff),
  };
}

const BATCH = 5_000;

async function deleteInBatches(db: Db, table: typeof operationLogs | typeof loginLogs, cutoff: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = db.select({ id: table.id }).from(table).where(lt(table.createdAt, cutoff)).limit(BATCH);
    const removed = await db.delete(table).where(inArray(table.id, batch)).returning({ id: table.id });
    total += removed.length;
    if (removed.length < BATCH) return total;
  }
}

export const retentionParamsSchema = z.strictObject({ days: z.number().int().min(1).max(3650) });

export const logRetentionJob = defineJobHandler({
  name: LOG_RETENTION_HANDLER,
  titles: {
    en: 'Clean logs older than N days',
    'zh-chs': '清理 N 天前的日志',
    'zh-cht': '清理 N 天前的日誌',
    ja: 'N 日より古いログの削除',
  },
  // The audit logs of every customer: never a tenant's to delete (issue 31, hole 2).
  reach: 'product',
  paramsSchema: retentionParamsSchema,
  exampleParams: { days: 90 },
  async run({ days }, { db }) {
    const removed = await cleanLogsOlderThan(db, days);
    return `removed ${removed.operationLogs} operation-log and ${removed.loginLogs} login-log rows older than ${days} days`;
  },
});
