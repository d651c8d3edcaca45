import { insertApp } from '@agent-console/server/test/fixtures/apps';
import {
  CONFIG,
  ROBOT,
  robotBody,
  type Strategy,
  strategyBody,
  useFollowupApi,
} from '@agent-console/server/test/fixtures/followup-api';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Acceptance 1 of issue 18, bad input: every refused save names its field (in the answer and, by
 * the field's label, in the message) and writes nothing — the follow-up tables keep their rows and
 * an edited strategy or robot reads the same as before.
 */
const { t, admin, f, c } = useFollowupApi();
let cid: number;
let existing: Strategy;
let files: { pdfId: number; pngId: number };

const TEN_MB_AND_A_BIT = Math.round(10.1 * 1024 * 1024);

beforeAll(async () => {
  cid = await f.customer();
  files = await c.uploads(cid);
  existing = await c.strategy(cid, { name: 'Existing' });
});

type Case = [string, Record<string, unknown>, string, string, string];
const text = (n: number) => ({ type: 'text', text: `Step ${n}` });

/** Shape faults the contract finds: [what, body change, code, field, reason]. */
const STRATEGY_SHAPE: Case[] = [
  ['an unknown trigger', { triggerType: 'whenever' }, 'A0400', 'triggerType', 'invalidValue'],
  ['no trigger', { triggerType: undefined }, 'A0400', 'triggerType', 'invalidValue'],
  ['noReply 0 hours', { triggerValue: 0 }, 'A0420', 'triggerValue', 'tooSmall'],
  ['noReply 721 hours', { triggerValue: 721 }, 'A0420', 'triggerValue', 'tooBig'],
  ['noReply −5 hours', { triggerValue: -5 }, 'A0420', 'triggerValue', 'tooSmall'],
  ['noReply without hours', { triggerValue: null }, 'A0410', 'triggerValue', 'required'],
  ['noReply 1.5 hours', { triggerValue: 1.5 }, 'A0400', 'triggerValue', 'invalidType'],
  ['afterFriend 91 days', { triggerType: 'afterFriend', triggerValue: 91 }, 'A0420', 'triggerValue', 'tooBig'],
  ['afterFriend 0 days', { triggerType: 'afterFriend', triggerValue: 0 }, 'A0420', 'triggerValue', 'tooSmall'],
  ['hasLabel without a label', { triggerType: 'hasLabel', triggerLabel: '  ' }, 'A0410', 'triggerLabel', 'required'],
  ['quiet hours ending as they start', { quietStart: '12:00', quietEnd: '12:00' }, 'A0400', 'quietEnd', 'sameAsStart'],
  ['a quiet start without an end', { quietStart: '12:00' }, 'A0410', 'quietEnd', 'required'],
  ['a quiet end without a start', { quietEnd: '12:00' }, 'A0410', 'quietStart', 'required'],
  ['a quiet start of 24:00', { quietStart: '24:00', quietEnd: '23:00' }, 'A0400', 'quietStart', 'invalidFormat'],
  ['0 sends per contact', { maxSendsPerContact: 0 }, 'A0420', 'maxSendsPerContact', 'tooSmall'],
  ['−1 sends per contact', { maxSendsPerContact: -1 }, 'A0420', 'maxSendsPerContact', 'tooSmall'],
  ['11 sends per contact', { maxSendsPerContact: 11 }, 'A0420', 'maxSendsPerContact', 'tooBig'],
  ['no steps', { steps: [] }, 'A0420', 'steps', 'tooShort'],
  [
    '11 steps',
    { steps: Array.from({ length: 11 }, (_, i) => ({ ...text(i), delayHours: 1 })) },
    'A0420',
    'steps',
    'tooLong',
  ],
  ['step 2 without its wait', { steps: [text(1), text(2)] }, 'A0410', 'steps.1.delayHours', 'required'],
  [
    'step 2 waiting 0 hours',
    { steps: [text(1), { ...text(2), delayHours: 0 }] },
    'A0420',
    'steps.1.delayHours',
    'tooSmall',
  ],
  [
    'step 2 waiting 721 hours',
    { steps: [text(1), { ...text(2), delayHours: 721 }] },
    'A0420',
    'steps.1.delayHours',
    'tooBig',
  ],
  [
    'a step of 1001 characters',
    { steps: [{ type: 'text', text: 'x'.repeat(1001) }] },
    'A0420',
    'steps.0.text',
    'tooLong',
  ],
  ['a step of no known type', { steps: [{ type: 'video', objectId: 1 }] }, 'A0400', 'steps.0.type', 'invalidValue'],
  ['a name of 65 characters', { name: 'n'.repeat(65) }, 'A0420', 'name', 'tooLong'],
  ['a blank name', { name: '   ' }, 'A0410', 'name', 'required'],
  [
    '21 audience labels',
    { audienceLabels: Array.from({ length: 21 }, (_, i) => `l${i}`) },
    'A0420',
    'audienceLabels',
    'tooLong',
  ],
  ['enabled as text', { enabled: 'yes' }, 'A0400', 'enabled', 'invalidType'],
];

describe('strategy save: bad input', () => {
  it.each(STRATEGY_SHAPE)(
    'refuses %s, naming the field, on create and on update',
    async (_, bad, code, field, reason) => {
      await c.refused(() => c.call('POST', `${CONFIG}/save`, admin(), strategyBody({ customerId: cid, ...bad })), {
        code,
        field,
        reason,
      });
      await c.refused(
        () => c.call('POST', `${CONFIG}/update/${existing.id}`, admin(), strategyBody({ name: existing.name, ...bad })),
        { code, field, reason },
        () => c.strategyRow(existing.id),
      );
    },
  );

  it('refuses step files of the wrong type, of another kind, of another customer, and over 10MB', async () => {
    const knowledge = await c.ai.objectRow({
      customerId: cid,
      purpose: 'knowledge',
      kind: 'pdf',
      size: 100,
      name: 'k.pdf',
    });
    const big = await c.ai.objectRow({
      customerId: cid,
      purpose: 'attachment',
      kind: 'pdf',
      size: TEN_MB_AND_A_BIT,
      name: 'catalogue.pdf',
    });
    const theirs = (await c.uploads(await f.customer())).pdfId;
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ type: 'file', objectId: files.pngId }, 'A0701', 'steps.1.objectId', 'notWelcomeFileType'],
      [{ type: 'image', objectId: files.pdfId }, 'A0701', 'steps.1.objectId', 'notWelcomeImageType'],
      [{ type: 'file', objectId: knowledge }, 'A0404', 'steps.1.objectId', 'notCustomerFile'],
      [{ type: 'file', objectId: theirs }, 'A0404', 'steps.1.objectId', 'notCustomerFile'],
      [{ type: 'file', objectId: 2_000_000_000 }, 'A0404', 'steps.1.objectId', 'notCustomerFile'],
      [{ type: 'file', objectId: big }, 'A0702', 'steps.1.objectId', 'fileOver10MB'],
    ];
    for (const [step, code, field, reason] of cases) {
      const steps = [text(1), { ...step, delayHours: 2 }];
      await c.refused(() => c.call('POST', `${CONFIG}/save`, admin(), strategyBody({ customerId: cid, steps })), {
        code,
        field,
        reason,
      });
      await c.refused(
        () => c.call('POST', `${CONFIG}/update/${existing.id}`, admin(), strategyBody({ name: existing.name, steps })),
        { code, field, reason },
        () => c.strategyRow(existing.id),
      );
    }
  });

  it('refuses a name the customer already uses, another customer’s app, and a customer that does not exist', async () => {
    const other = await c.strategy(cid, { name: 'Other' });
    await c.refused(
      () => c.call('POST', `${CONFIG}/save`, admin(), strategyBody({ customerId: cid, name: 'Existing' })),
      {
        code: 'A0111',
        field: 'name',
        reason: 'taken',
      },
    );
    await c.refused(
      () => c.call('POST', `${CONFIG}/update/${other.id}`, admin(), strategyBody({ name: 'Existing' })),
      { code: 'A0111', field: 'name', reason: 'taken' },
      () => c.strategyRow(other.id),
    );
    const theirApp = await insertApp(t, { customerId: await f.customer() });
    for (const appId of [theirApp.id, 2_000_000_000]) {
      await c.refused(() => c.call('POST', `${CONFIG}/save`, admin(), strategyBody({ customerId: cid, appId })), {
        code: 'A0404',
        field: 'appId',
        reason: 'notCustomerApp',
      });
    }
    await c.refused(() => c.call('POST', `${CONFIG}/save`, admin(), strategyBody({ customerId: 2_000_000_000 })), {
      code: 'A0312',
      field: 'customerId',
      reason: 'invalidValue',
    });
    // Another customer may use the name.
    await c.strategy(await f.customer(), { name: 'Existing' });
  });

  it('refuses moving a strategy that robots run to another customer', async () => {
    const s = await c.strategy(cid);
    await c.robot((await c.account(cid)).id, [s.id]);
    const elsewhere = await f.customer();
    await c.refused(
      () => c.call('POST', `${CONFIG}/update/${s.id}`, admin(), strategyBody({ name: s.name, customerId: elsewhere })),
      { code: 'A0440', field: 'customerId', reason: 'inUse' },
      () => c.strategyRow(s.id),
    );
    // One no robot runs may move, with its steps' files checked against the new customer.
    const idle = await c.strategy(cid, { steps: [{ type: 'file', objectId: files.pdfId }] });
    await c.refused(
      () =>
        c.call('POST', `${CONFIG}/update/${idle.id}`, admin(), {
          ...strategyBody({ name: idle.name, customerId: elsewhere }),
          steps: [{ type: 'file', objectId: files.pdfId }],
        }),
      { code: 'A0404', field: 'steps.0.objectId', reason: 'notCustomerFile' },
      () => c.strategyRow(idle.id),
    );
    const moved = await f.ok<Strategy>('POST', `${CONFIG}/update/${idle.id}`, strategyBody({ customerId: elsewhere }));
    expect(moved.customerId).toBe(elsewhere);
  });
});

/** Robot shape faults: [what, body change, code, field, reason]. */
const ROBOT_SHAPE: Case[] = [
  ['a daily cap of 0', { dailyCap: 0 }, 'A0420', 'dailyCap', 'tooSmall'],
  ['a daily cap of −1', { dailyCap: -1 }, 'A0420', 'dailyCap', 'tooSmall'],
  ['a daily cap of 501', { dailyCap: 501 }, 'A0420', 'dailyCap', 'tooBig'],
  ['no daily cap', { dailyCap: undefined }, 'A0410', 'dailyCap', 'required'],
  ['no strategies', { strategyIds: [] }, 'A0420', 'strategyIds', 'tooShort'],
  ['21 strategies', { strategyIds: Array.from({ length: 21 }, (_, i) => i + 1) }, 'A0420', 'strategyIds', 'tooLong'],
  [
    'working hours ending before they start',
    { workStart: '18:00', workEnd: '09:00' },
    'A0400',
    'workEnd',
    'endBeforeStart',
  ],
  [
    'working hours ending as they start',
    { workStart: '09:00', workEnd: '09:00' },
    'A0400',
    'workEnd',
    'endBeforeStart',
  ],
  ['a working start of 9:00', { workStart: '9:00' }, 'A0400', 'workStart', 'invalidFormat'],
  ['no account', { accountId: undefined }, 'A0410', 'accountId', 'required'],
  ['enabled as text', { enabled: 'on' }, 'A0400', 'enabled', 'invalidType'],
];

describe('robot save: bad input', () => {
  it.each(ROBOT_SHAPE)('refuses %s, naming the field, on create and on update', async (_, bad, code, field, reason) => {
    const account = await c.account(cid);
    const robot = await c.robot((await c.account(cid)).id, [existing.id]);
    await c.refused(
      () => c.call('POST', `${ROBOT}/save`, admin(), { ...robotBody(account.id, [existing.id]), ...bad }),
      {
        code,
        field,
        reason,
      },
    );
    await c.refused(
      () =>
        c.call('POST', `${ROBOT}/update/${robot.id}`, admin(), {
          ...robotBody(robot.accountId, [existing.id]),
          ...bad,
        }),
      { code, field, reason },
      async () => [await c.robotRow(robot.id), await c.links(robot.id)],
    );
  });

  it('refuses an account that has a robot, an account that is nobody’s, and strategies of another customer', async () => {
    const taken = await c.robot((await c.account(cid)).id, [existing.id]);
    const robot = await c.robot((await c.account(cid)).id, [existing.id]);
    const row = async () => [await c.robotRow(robot.id), await c.links(robot.id)];
    await c.refused(() => c.call('POST', `${ROBOT}/save`, admin(), robotBody(taken.accountId, [existing.id])), {
      code: 'A0111',
      field: 'accountId',
      reason: 'accountHasRobot',
    });
    await c.refused(
      () => c.call('POST', `${ROBOT}/update/${robot.id}`, admin(), robotBody(taken.accountId, [existing.id])),
      { code: 'A0111', field: 'accountId', reason: 'accountHasRobot' },
      row,
    );
    await c.refused(() => c.call('POST', `${ROBOT}/save`, admin(), robotBody(2_000_000_000, [existing.id])), {
      code: 'A0404',
      field: 'accountId',
      reason: 'notCustomerAccount',
    });
    // The account is of this customer; one strategy is another customer's, one is nobody's.
    const elsewhere = await c.strategy(await f.customer());
    const free = await c.account(cid);
    for (const strategyIds of [[existing.id, elsewhere.id], [2_000_000_000]]) {
      await c.refused(() => c.call('POST', `${ROBOT}/save`, admin(), robotBody(free.id, strategyIds)), {
        code: 'A0404',
        field: 'strategyIds',
        reason: 'notCustomerStrategy',
      });
      await c.refused(
        () => c.call('POST', `${ROBOT}/update/${robot.id}`, admin(), robotBody(robot.accountId, strategyIds)),
        { code: 'A0404', field: 'strategyIds', reason: 'notCustomerStrategy' },
        row,
      );
    }
    // An account of another customer takes that customer's strategies, not these.
    const theirAccount = await c.account(elsewhere.customerId);
    await c.refused(() => c.call('POST', `${ROBOT}/save`, admin(), robotBody(theirAccount.id, [existing.id])), {
      code: 'A0404',
      field: 'strategyIds',
      reason: 'notCustomerStrategy',
    });
  });
});

describe('ids and queries', () => {
  it('refuses ids that are not ids, and unknown sort fields', async () => {
    for (const [method, url, body] of [
      ['GET', `${CONFIG}/delete/abc`, undefined],
      ['GET', `${CONFIG}/delete/0`, undefined],
      ['GET', `${CONFIG}/delete/99999999999`, undefined],
      ['GET', `${CONFIG}/delete/${existing.id}?customerId=99999999999`, undefined],
      ['GET', `${CONFIG}/options?customerId=x`, undefined],
      ['GET', `${ROBOT}/delete/-1`, undefined],
      ['POST', `${CONFIG}/updateEnableState/1.5`, { enabled: true }],
      ['POST', `${ROBOT}/updateIsEnabled/${existing.id}`, { enabled: 'true' }],
      ['POST', `${CONFIG}/page`, { orderBy: { field: 'name; drop table followup_strategies' } }],
      ['POST', `${ROBOT}/list/page`, { orderBy: { field: 'accountName', direction: 'asc' } }],
    ] as const) {
      const before = await c.counts();
      const answer = await c.call(method, url, admin(), body);
      expect([method, url, answer.body.code]).toEqual([method, url, expect.stringMatching(/^A04[0-2]0$/)]);
      expect(await c.counts()).toEqual(before);
    }
  });
});
