import { USAGE_PERMISSIONS } from '@agent-console/contracts';
import { freePort } from '@agent-console/server/test/child-server';
import { askBubble } from '@agent-console/server/test/fixtures/agent-chat';
import {
  conversationOf,
  jobDone,
  logRow,
  readySimAccount,
  sentTo,
} from '@agent-console/server/test/fixtures/agent-runtime';
import { insertQa } from '@agent-console/server/test/fixtures/answers';
import { waitUntil } from '@agent-console/server/test/fixtures/chat';
import { useChatTestApp } from '@agent-console/server/test/fixtures/chat-test-app';
import { useSmtpPeer } from '@agent-console/server/test/fixtures/smtp-peer';
import { insertAnswers } from '@agent-console/server/test/fixtures/usage';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentAnswers, usageAlerts, users } from '../../../db/schema';
import { jobIdOf } from '../../../jobs/agent-queues';
import { QUEUES } from '../../../jobs/queues';
import { AppError } from '../../../lib/app-error';
import { answer } from '../../agent/answer/agent';

/**
 * At 100 % of the monthly quota the agent stops answering (WAVE2 §15.6): the pipeline's own
 * check, then each caller end to end — the bubble (a field-free A0605 envelope), an app's API
 * (OpenAI's 429 `insufficient_quota`) and auto-replies (none, the conversation needing a person).
 * Mail goes out at 80 % and 100 %, once each a month.
 */
const { t, f } = useChatTestApp({ contactCount: 3 });
const peer = useSmtpPeer();

const QUESTION = 'What are your opening hours?';
const HOURS = 'We are open 9:00–18:00.';

async function customerWithApp() {
  const customerId = await f.customer();
  await insertQa(t, { customerId, question: QUESTION, answer: HOURS });
  const app = await f.ok<{ id: number; port: number; apiKey: string; code: string }>('POST', '/api/v3/app/info/save', {
    customerId,
    name: f.unique('Desk '),
    code: f.unique('desk-'),
    port: await freePort(),
  });
  return { customerId, app };
}

const setQuota = (customerId: number, quota: number | null) =>
  f.ok('POST', '/api/v3/dashboard/setQuota', { customerId, quota });
const answersOf = (customerId: number) =>
  t.database.db.select().from(agentAnswers).where(eq(agentAnswers.customerId, customerId));
const ask = (customerId: number, appId: number, mail?: Parameters<typeof answer>[0]['mail']) =>
  answer({ db: t.database.db, mail }, { customerId, appId, messages: [{ role: 'user', content: QUESTION }] });

describe('the pipeline', () => {
  it('answers below the quota and refuses at it with A0605; 0 refuses everything, unlimited nothing', async () => {
    const { customerId, app } = await customerWithApp();
    expect((await ask(customerId, app.id)).content).toBe(HOURS);
    await setQuota(customerId, 3);
    await insertAnswers(t, { customerId, appId: app.id, at: new Date(), count: 2 });
    expect((await ask(customerId, app.id)).content).toBe(HOURS);
    await insertAnswers(t, { customerId, appId: app.id, at: new Date() });
    const refused = await ask(customerId, app.id).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'A0605' });

    await setQuota(customerId, 0);
    await expect(ask(customerId, app.id)).rejects.toMatchObject({ code: 'A0605' });
    await setQuota(customerId, null);
    expect((await ask(customerId, app.id)).content).toBe(HOURS);
  });

  it('mails 80 % and 100 % once each in the month', async () => {
    const { customerId, app } = await customerWithApp();
    await f.ok('POST', '/api/v3/message/mail/save', {
      host: '127.0.0.1',
      port: peer.port,
      security: 'none',
      fromAddress: 'alerts@example.com',
    });
    const role = await f.role({ codes: [USAGE_PERMISSIONS.view], customerId });
    const holder = await f.user({ customerId, roleIds: [role] });
    const email = `${f.unique('holder-')}@example.com`;
    await t.database.db.update(users).set({ email }).where(eq(users.id, holder.id));
    const mail = { db: t.database.db, secretBox: t.secretBox };

    await setQuota(customerId, 5);
    await insertAnswers(t, { customerId, appId: app.id, at: new Date(), count: 3 });
    // The answer that brings the use to 4 of 5 reaches 80 %.
    await ask(customerId, app.id, mail);
    await insertAnswers(t, { customerId, appId: app.id, at: new Date() });
    // 4 stored + this answer = 5: 100 %; 80 % was mailed already and is not mailed again.
    await ask(customerId, app.id, mail);
    await insertAnswers(t, { customerId, appId: app.id, at: new Date() });
    await expect(ask(customerId, app.id, mail)).rejects.toMatchObject({ code: 'A0605' });

    const toHolder = (m: { to: string[] }) => m.to.includes(email);
    await peer.waitFor((m) => toHolder(m) && m.subject.includes('100%'));
    await peer.waitFor((m) => toHolder(m) && m.subject.includes('80%'));
    const mine = peer.received.filter(toHolder);
    expect(mine.filter((m) => m.subject.includes('80%'))).toHaveLength(1);
    expect(mine.filter((m) => m.subject.includes('100%'))).toHaveLength(1);
    const alerts = await t.database.db.select().from(usageAlerts).where(eq(usageAlerts.customerId, customerId));
    expect(alerts.map((a) => a.percent).sort()).toEqual([100, 80]);
  });
});

describe('every caller at the quota', () => {
  it('the bubble answers a field-free A0605 envelope and stores nothing', async () => {
    const { customerId, app } = await customerWithApp();
    const admin = await t.loginAdmin();
    expect((await askBubble(t, admin, { customerId, appId: app.id, message: QUESTION })).text).toBe(HOURS);
    await setQuota(customerId, 1);
    const before = (await answersOf(customerId)).length;
    const res = await askBubble(t, admin, { customerId, appId: app.id, message: QUESTION });
    expect(res.status).toBe(429);
    expect(res.envelope?.code).toBe('A0605');
    expect(res.envelope?.message).toMatch(/quota is used up/);
    expect(res.envelope?.data).toBeNull();
    expect(await answersOf(customerId)).toHaveLength(before);
  });

  it("an app's API answers OpenAI's 429 insufficient_quota", async () => {
    const { customerId, app } = await customerWithApp();
    await f.ok('GET', `/api/v3/app/info/startApp/${app.id}`);
    await setQuota(customerId, 0);
    const res = await fetch(`http://127.0.0.1:${app.port}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${app.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: app.code, messages: [{ role: 'user', content: QUESTION }] }),
    });
    expect(res.status).toBe(429);
    const body = (await res.json()) as { error: { code: string; type: string; message: string } };
    expect(body.error).toMatchObject({ code: 'insufficient_quota', type: 'insufficient_quota' });
    expect(body.error.message).toMatch(/quota/);
    expect(await answersOf(customerId)).toHaveLength(0);
    await f.ok('GET', `/api/v3/app/info/stopApp/${app.id}`);
  });

  it('auto-replies send nothing and flag the conversation as needing a person', async () => {
    const { customerId, app } = await customerWithApp();
    const { account, friends } = await readySimAccount(t, f, customerId);
    await f.ok('POST', '/api/v3/account/setApp', { accountId: account.id, appId: app.id });
    await setQuota(customerId, 0);
    const contact = friends[0];
    if (!contact) throw new Error('no friend');
    const written = await t.gateway.sim.customerWrites(account.wcId, contact.wcId, QUESTION);
    const row = await logRow(t, account.id, written.msgId);
    await jobDone(t, jobIdOf(QUEUES.agentReply.name, row.id));
    expect(await answersOf(customerId)).toHaveLength(0);
    expect(await sentTo(t, account, contact.wcId)).toEqual([]);
    const conversation = await waitUntil(
      () => conversationOf(t, contact.id),
      (c) => !!c?.needsPersonAt,
    );
    expect(conversation?.needsPersonAt).toBeInstanceOf(Date);
  });
});
