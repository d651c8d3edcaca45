import { useTestApp } from '@agent-console/server/test/test-app';
import { describe, expect, it } from 'vitest';
import { loginLogs, operationLogs } from '../../../db/schema';
import { findJobHandler } from '../../../jobs/registry';
import { cleanLogsOlderThan, LOG_RETENTION_HANDLER } from './log-retention';

const t = useTestApp();

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

async function seed() {
  const { db } = t.database;
  await db.delete(operationLogs);
  await db.delete(loginLogs);
  const op = (createdAt: Date) => ({
    title: 't',
    businessType: 'other' as const,
    method: 'POST',
    path: '/x',
    status: 'success' as const,
    httpStatus: 200,
    costMs: 1,
    createdAt,
  });
  await db.insert(operationLogs).values([op(daysAgo(100)), op(daysAgo(31)), op(daysAgo(29)), op(new Date())]);
  const login = (createdAt: Date) => ({
    event: 'login' as const,
    status: 'success' as const,
    username: 'u',
    code: '00000',
    createdAt,
  });
  await db.insert(loginLogs).values([login(daysAgo(40)), login(daysAgo(1))]);
}

describe('log retention', () => {
  it('removes rows older than N days from both logs and is safe to run twice', async () => {
    await seed();
    expect(await cleanLogsOlderThan(t.database.db, 30)).toEqual({ operationLogs: 2, loginLogs: 1 });
    expect(await t.database.db.$count(operationLogs)).toBe(2);
    expect(await t.database.db.$count(loginLogs)).toBe(1);
    expect(await cleanLogsOlderThan(t.database.db, 30)).toEqual({ operationLogs: 0, loginLogs: 0 });
  });

  it('is a registered job handler with checked parameters', async () => {
    await seed();
    const handler = findJobHandler(LOG_RETENTION_HANDLER);
    expect(handler).toBeDefined();
    expect(handler?.paramsSchema.safeParse({ days: 0 }).success).toBe(false);
    expect(handler?.paramsSchema.safeParse({ days: '30' }).success).toBe(false);
    expect(handler?.paramsSchema.safeParse({ days: 30, extra: 1 }).success).toBe(false);
    const message = await handler?.run({ days: 30 }, { db: t.database.db, jobId: null, customerId: 1 });
    expect(message).toContain('removed 2 operation-log and 1 login-log rows');
  });
});
