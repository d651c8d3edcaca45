import { FOLLOWUP_ACTIVE_PERMISSIONS, FOLLOWUP_CONFIG_PERMISSIONS } from '@agent-console/contracts';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { insertChatAccount, insertContacts } from '@agent-console/server/test/fixtures/chat';
import { insertRobot, insertStrategy, textSteps } from '@agent-console/server/test/fixtures/followup-runtime';
import { storeIncomingMessage } from '@agent-console/server/test/internals';
import { describe, expect, it } from 'vitest';
import { chatMessages, followupSends } from '../../../db/schema';

/**
 * Issue 18, acceptance 1 for the runtime's calls (send logs, dry run, "Sweep now"): each needs its
 * own permission, another customer's strategy or robot is not found, and bad input is refused
 * naming the field — and none of them sends or plans anything then.
 */
const { t, admin, f } = useAdminApp();
const S = FOLLOWUP_CONFIG_PERMISSIONS;
const R = FOLLOWUP_ACTIVE_PERMISSIONS;
const ALL = [...Object.values(S), ...Object.values(R)];

/** A robot of a new customer with one contact due now (quiet for three hours, a 2-hour trigger). */
async function dueRobot() {
  const customerId = await f.customer();
  const account = await insertChatAccount(t, { customerId, loginStatus: 'online' });
  const [contact] = await insertContacts(t, account, 1);
  await storeIncomingMessage(t.database.db, account, {
    kind: 'message',
    msgId: `m-${account.id}`,
    wcId: account.wcId,
    fromWcId: contact?.wcId ?? '',
    type: 'text',
    content: 'hello',
    at: new Date(Date.now() - 3 * 3_600_000),
  });
  const strategy = await insertStrategy(t, { customerId, steps: textSteps(['come back']) });
  const robot = await insertRobot(t, { customerId, accountId: account.id }, [strategy.id]);
  return { customerId, strategy, robot };
}

const written = async () => ({
  sends: await t.database.db.$count(followupSends),
  messages: await t.database.db.$count(chatMessages),
});

describe('the runtime calls', () => {
  it('each needs its own permission (A0312), and nothing is planned or sent', async () => {
    const { customerId, strategy, robot } = await dueRobot();
    const calls: [string, 'GET' | 'POST', string, unknown][] = [
      [S.list, 'POST', '/api/v3/followup/config/sendLog/page', { strategyId: strategy.id }],
      [R.list, 'POST', '/api/v3/followup/robot/sendLog/page', { robotId: robot.id }],
      [R.list, 'GET', `/api/v3/followup/robot/dryRun/${robot.id}`, undefined],
      [R.edit, 'POST', `/api/v3/followup/robot/sweep/${robot.id}`, undefined],
    ];
    const before = await written();
    for (const [code, method, url, body] of calls) {
      const member = await f.member(
        ALL.filter((x) => x !== code),
        3,
        customerId,
      );
      const answer = await t.call(method, url, { token: member.token, ...(body ? { body } : {}) });
      expect([url, answer.status, answer.body.code]).toEqual([url, 403, 'A0312']);
    }
    expect(await written()).toEqual(before);
    // With the permission, the same member's sweep goes through: the refusal was the permission.
    const sweeper = await f.member(ALL, 3, customerId);
    const swept = await t.call('POST', `/api/v3/followup/robot/sweep/${robot.id}`, { token: sweeper.token });
    expect(swept.body).toMatchObject({ code: '00000', data: { queued: 1 } });
  });

  it('another customer’s strategy or robot is not found, and nothing is planned or sent', async () => {
    const { strategy, robot } = await dueRobot();
    const other = await f.member(ALL);
    const before = await written();
    for (const [method, url, body] of [
      ['POST', '/api/v3/followup/config/sendLog/page', { strategyId: strategy.id }],
      ['POST', '/api/v3/followup/robot/sendLog/page', { robotId: robot.id }],
      ['GET', `/api/v3/followup/robot/dryRun/${robot.id}`, undefined],
      ['POST', `/api/v3/followup/robot/sweep/${robot.id}`, undefined],
    ] as const) {
      const answer = await t.call(method, url, { token: other.token, ...(body ? { body } : {}) });
      expect([url, answer.body.code]).toEqual([url, 'A0404']);
    }
    expect(await written()).toEqual(before);
  });

  it('refuses bad input naming the field', async () => {
    const { robot } = await dueRobot();
    const fieldsOf = (data: unknown) => (data as { fields?: { field: string }[] })?.fields?.map((x) => x.field) ?? [];
    const noRobot = await t.call('POST', '/api/v3/followup/robot/sendLog/page', { token: admin(), body: {} });
    expect([noRobot.status, fieldsOf(noRobot.body.data)]).toEqual([400, ['robotId']]);
    const noStrategy = await t.call('POST', '/api/v3/followup/config/sendLog/page', { token: admin(), body: {} });
    expect([noStrategy.status, fieldsOf(noStrategy.body.data)]).toEqual([400, ['strategyId']]);
    const status = await t.call('POST', '/api/v3/followup/robot/sendLog/page', {
      token: admin(),
      body: { robotId: robot.id, status: 'lost' },
    });
    expect([status.status, fieldsOf(status.body.data)]).toEqual([400, ['status']]);
    const before = await written();
    for (const id of ['abc', '0', '-1']) {
      const dry = await t.call('GET', `/api/v3/followup/robot/dryRun/${id}`, { token: admin() });
      expect([id, dry.status, fieldsOf(dry.body.data)]).toEqual([id, 400, ['id']]);
      const sweep = await t.call('POST', `/api/v3/followup/robot/sweep/${id}`, { token: admin() });
      expect([id, sweep.status, fieldsOf(sweep.body.data)]).toEqual([id, 400, ['id']]);
    }
    expect((await t.call('POST', '/api/v3/followup/robot/sweep/999999', { token: admin() })).body.code).toBe('A0404');
    expect(await written()).toEqual(before);
  });
});
