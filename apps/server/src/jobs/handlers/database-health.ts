import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineJobHandler } from '../registry';

/** A real probe: the database must answer, and within the given time, or the run fails. */
export const databaseHealthJob = defineJobHandler({
  name: 'system.databaseHealth',
  titles: {
    en: 'Database health check',
    'zh-chs': '数据库健康检查',
    'zh-cht': '資料庫健康檢查',
    ja: 'データベースのヘルスチェック',
  },
  // Reads no customer's rows: any owner may watch the database answer.
  reach: 'customer',
  paramsSchema: z.strictObject({ maxLatencyMs: z.number().int().min(1).max(60_000).default(1000) }),
  exampleParams: { maxLatencyMs: 1000 },
  async run({ maxLatencyMs }, { db }) {
    const started = performance.now();
    await db.execute(sql`select 1`);
    const latency = Math.round(performance.now() - started);
    if (latency > maxLatencyMs) throw new Error(`database answered in ${latency} ms, over ${maxLatencyMs} ms`);
    return `database answered in ${latency} ms`;
  },
});
