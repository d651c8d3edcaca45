import { and, isNull, lt, or } from 'drizzle-orm';
import { z } from 'zod';
import { loginFailures } from '../../db/schema';
import { defineJobHandler } from '../registry';

/**
 * Failure counters of (username, source) pairs that are not locked and saw no failure for a
 * while; a lock in force is never lifted early by this job.
 */
export const loginFailuresCleanupJob = defineJobHandler({
  name: 'auth.cleanLoginFailures',
  titles: {
    en: 'Clean old sign-in failures',
    'zh-chs': '清理过期登录失败记录',
    'zh-cht': '清理過期登入失敗記錄',
    ja: '古いログイン失敗記録の削除',
  },
  // Sign-in counters belong to no customer (they are kept per name and address).
  reach: 'product',
  paramsSchema: z.strictObject({ olderThanHours: z.number().int().min(1).max(8760).default(24) }),
  exampleParams: { olderThanHours: 24 },
  async run({ olderThanHours }, { db }) {
    const now = new Date();
    const cutoff = new Date(now.getTime() - olderThanHours * 3600_000);
    const removed = await db
      .delete(loginFailures)
      .where(
        and(
          lt(loginFailures.updatedAt, cutoff),
          or(isNull(loginFailures.lockedUntil), lt(loginFailures.lockedUntil, now)),
        ),
      )
      .returning({ username: loginFailures.username });
    return `removed ${removed.length} sign-in failure records older than ${olderThanHours} h`;
  },
});
