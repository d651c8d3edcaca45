import { lt } from 'drizzle-orm';
import { z } from 'zod';
import { sessions } from '../../db/schema';
import { defineJobHandler } from '../registry';

/** Sessions past their expiry can never be used again; removing them keeps the online list true. */
export const sessionCleanupJob = defineJobHandler({
  name: 'session.cleanExpired',
  titles: {
    en: 'Clean expired sessions',
    'zh-chs': '清理过期会话',
    'zh-cht': '清理過期會話',
    ja: '期限切れセッションの削除',
  },
  // Every customer's sessions.
  reach: 'product',
  paramsSchema: z.strictObject({}),
  exampleParams: {},
  async run(_params, { db }) {
    const removed = await db.delete(sessions).where(lt(sessions.expiresAt, new Date())).returning({ id: sessions.id });
    return `removed ${removed.length} expired sessions`;
  },
});
