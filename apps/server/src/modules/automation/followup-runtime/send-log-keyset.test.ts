import { encodeCursor } from '@agent-console/contracts';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { insertChatAccount, insertContacts } from '@agent-console/server/test/fixtures/chat';
import { insertRobot, insertStrategy, textSteps } from '@agent-console/server/test/fixtures/followup-runtime';
import { expectConsistentWalks, keysetLister } from '@agent-console/server/test/keyset-walk';
import { beforeAll, describe, expect, it } from 'vitest';

/** The follow-up send logs page by cursor like the other logs (issue 19), newest planned first. */
const { t, admin, f } = useAdminApp();
let strategyId: number;
let robotId: number;

beforeAll(async () => {
  const customerId = await f.customer();
  const account = await insertChatAccount(t, { customerId });
  const [contact] = await insertContacts(t, account, 1);
  const strategy = await insertStrategy(t, { customerId, steps: textSteps(['one']) });
  const robot = await insertRobot(t, { customerId, accountId: account.id }, [strategy.id]);
  strategyId = strategy.id;
  robotId = robot.id;
  // One contact, 26 steps planned in pairs a microsecond apart; all held back, so no messages.
  await t.database.sql.exec(`
    INSERT INTO followup_sends
      (customer_id, strategy_id, strategy_name, robot_id, account_id, contact_id, step, status, reason, planned_at)
    SELECT ${customerId}, ${strategy.id}, 'Keyset', ${robot.id}, ${account.id}, ${contact?.id}, g, 'skipped',
      'replied', timestamptz '2024-05-01 00:00:00+00' + (g / 2) * interval '1 microsecond'
    FROM generate_series(1, 26) g`);
});

describe('send logs by cursor', () => {
  it("walks a strategy's and a robot's log forward and back, every row once", async () => {
    const strategyLog = keysetLister(t, '/api/v3/followup/config/sendLog/page', admin());
    expect(await expectConsistentWalks(strategyLog, { strategyId }, 5)).toHaveLength(26);
    const robotLog = keysetLister(t, '/api/v3/followup/robot/sendLog/page', admin());
    expect(await expectConsistentWalks(robotLog, { robotId, status: 'skipped' }, 5)).toHaveLength(26);
  });

  it('refuses a cursor of another order, naming the field', async () => {
    const res = await t.call('POST', '/api/v3/followup/robot/sendLog/page', {
      token: admin(),
      body: { robotId, cursor: encodeCursor({ order: 'createdAt.desc', key: 1, id: 1 }) },
    });
    expect([res.status, res.body.data]).toEqual([400, { fields: [{ field: 'cursor', reason: 'invalidValue' }] }]);
  });
});
