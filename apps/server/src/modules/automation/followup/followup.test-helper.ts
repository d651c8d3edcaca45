import { fieldLabel, PERMISSIONS } from '@agent-console/contracts';
import { insertChatAccount } from '@agent-console/server/test/fixtures/chat';
import type { fixtures } from '@agent-console/server/test/fixtures/dept';
import { makePdf } from '@agent-console/server/test/fixtures/knowledge';
import type { TestApp } from '@agent-console/server/test/test-app';
import { count, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { followupRobotStrategies, followupRobots, followupStrategies, operationLogs } from '../../../db/schema';
import { aiRoleCalls, PNG } from '../../config/ai-role/ai-role.test-helper';

/** Calls and fixtures shared by the follow-up API tests. */
export const CONFIG = '/api/v3/followup/config';
export const ROBOT = '/api/v3/followup/robot';
export const S = PERMISSIONS.followupConfig;
export const R = PERMISSIONS.followupActive;

export type Answer<T = unknown> = { status: number; body: { code: string; message: string; data: T } };
export type Fields = { fields: { field: string; reason: string; subject?: string }[] };
export type StepView = {
  id: string;
  type: string;
  text?: string;
  objectId?: number;
  fileName?: string;
  size?: number;
  url?: string;
  delayHours: number | null;
};
export type Strategy = {
  id: number;
  customerId: number;
  customerName: string;
  appId: number | null;
  appName: string | null;
  name: string;
  triggerType: string;
  triggerValue: number | null;
  triggerLabel: string | null;
  audienceLabels: string[];
  steps: StepView[];
  maxSendsPerContact: number;
  quietStart: string | null;
  quietEnd: string | null;
  enabled: boolean;
  robotCount: number;
};
export type Robot = {
  id: number;
  customerId: number;
  customerName: string;
  accountId: number;
  accountName: string;
  accountOnline: boolean;
  strategyIds: number[];
  strategyNames: string[];
  dailyCap: number;
  workStart: string;
  workEnd: string;
  enabled: boolean;
  sentToday: number;
};
export type Page<T> = { list: T[]; total: number; pageNum: number; pageSize: number };

/** A valid strategy save: one text step, no reply for 24 hours; `over` replaces any part. */
export const strategyBody = (over: Record<string, unknown> = {}) => ({
  name: `Bring back ${Math.random().toString(36).slice(2, 8)}`,
  triggerType: 'noReply',
  triggerValue: 24,
  steps: [{ type: 'text', text: 'Still interested?' }],
  maxSendsPerContact: 3,
  ...over,
});

/** A valid robot save for this account and these strategies; `over` replaces any part. */
export const robotBody = (accountId: number, strategyIds: number[], over: Record<string, unknown> = {}) => ({
  accountId,
  strategyIds,
  dailyCap: 50,
  workStart: '09:00',
  workEnd: '18:00',
  ...over,
});

export function followupCalls(t: TestApp, f: ReturnType<typeof fixtures>, admin: () => string) {
  const call = <T>(method: 'GET' | 'POST', url: string, token = admin(), body?: unknown, lang = 'en') =>
    t.call<T>(method, url, { token, lang, ...(body === undefined ? {} : { body }) }) as Promise<Answer<T>>;
  const ai = aiRoleCalls(t);

  /** A strategy created through the API (as the admin unless a token is given). */
  const strategy = async (customerId: number, over: Record<string, unknown> = {}, token = admin()) =>
    f.ok<Strategy>('POST', `${CONFIG}/save`, strategyBody({ customerId, ...over }), token);
  const robot = async (accountId: number, strategyIds: number[], over: Record<string, unknown> = {}, token = admin()) =>
    f.ok<Robot>('POST', `${ROBOT}/save`, robotBody(accountId, strategyIds, over), token);
  const account = (customerId: number, over: { nickname?: string; loginStatus?: 'online' | 'offline' } = {}) =>
    insertChatAccount(t, { customerId, ...over });
  /** A PDF and a PNG uploaded for the customer the way the strategy dialog uploads step files. */
  const uploads = async (customerId: number) => {
    const pdf = await ai.upload(admin(), 'attachment', customerId, 'prices.pdf', makePdf(['Prices']));
    const png = await ai.upload(admin(), 'image', customerId, 'shop.png', PNG);
    expect([pdf.body.code, png.body.code]).toEqual(['00000', '00000']);
    return { pdfId: pdf.body.data.id, pngId: png.body.data.id };
  };

  /** Rows of the three follow-up tables: a refused call leaves them as they were. */
  const counts = async () => {
    const db = t.database.db;
    const [s] = await db.select({ n: count() }).from(followupStrategies);
    const [r] = await db.select({ n: count() }).from(followupRobots);
    const [l] = await db.select({ n: count() }).from(followupRobotStrategies);
    return { strategies: s?.n, robots: r?.n, links: l?.n };
  };
  const strategyRow = async (id: number) =>
    (await t.database.db.select().from(followupStrategies).where(eq(followupStrategies.id, id)))[0];
  const robotRow = async (id: number) =>
    (await t.database.db.select().from(followupRobots).where(eq(followupRobots.id, id)))[0];
  const links = async (robotId: number) =>
    (
      await t.database.db
        .select({ strategyId: followupRobotStrategies.strategyId })
        .from(followupRobotStrategies)
        .where(eq(followupRobotStrategies.robotId, robotId))
        .orderBy(followupRobotStrategies.position)
    ).map((l) => l.strategyId);

  /**
   * Refused with this code naming this field (in the answer's fields and, by its label, in the
   * message), and nothing written: the follow-up tables hold the same rows, and `row` (when
   * given) reads the same before and after.
   */
  async function refused(
    send: () => Promise<Answer<unknown>>,
    e: { code: string; field: string; reason?: string },
    row?: () => Promise<unknown>,
  ) {
    const before = { counts: await counts(), row: JSON.stringify(await row?.()) };
    const answer = await send();
    expect(answer.body.code, `${e.field}: ${answer.body.message}`).toBe(e.code);
    const fields = (answer.body.data as Fields | null)?.fields ?? [];
    expect(fields[0]?.field, answer.body.message).toBe(e.field);
    if (e.reason) expect(fields[0]?.reason, answer.body.message).toBe(e.reason);
    expect(answer.body.message).toContain(fieldLabel(e.field, 'en'));
    expect({ counts: await counts(), row: JSON.stringify(await row?.()) }).toEqual(before);
    return answer;
  }

  /** The newest operation-log row of a path: written as a write (the log keeps writes only). */
  const lastLog = async (path: string) => {
    await t.app.auditSettled();
    const [row] = await t.database.db
      .select()
      .from(operationLogs)
      .where(eq(operationLogs.path, path))
      .orderBy(desc(operationLogs.id))
      .limit(1);
    return row;
  };

  return { call, strategy, robot, account, uploads, counts, strategyRow, robotRow, links, refused, lastLog, ai };
}
