import {
  CONFIG,
  type Page,
  R,
  ROBOT,
  type Robot,
  robotBody,
  S,
  type Strategy,
  strategyBody,
  useFollowupApi,
} from '@agent-console/server/test/fixtures/followup-api';
import { describe, expect, it } from 'vitest';

/**
 * Acceptance 1 of issue 18, permissions and customers: every call refuses a caller lacking its
 * own permission (holding all the others), and a caller of customer B can neither see nor touch
 * customer A's strategies and robots, nor use A's accounts, strategies or files, and writes nothing.
 */
const { f, c } = useFollowupApi();

const ALL = [...Object.values(S), ...Object.values(R)];

describe('permissions', () => {
  it('each call needs its own permission: A0312 with every other follow-up permission, and nothing written', async () => {
    const cid = await f.customer();
    const s = await c.strategy(cid);
    const r = await c.robot((await c.account(cid)).id, [s.id]);
    const free = await c.account(cid);
    const calls: [string, 'GET' | 'POST', string, unknown][] = [
      [S.list, 'POST', `${CONFIG}/page`, {}],
      [S.add, 'POST', `${CONFIG}/save`, strategyBody()],
      [S.edit, 'POST', `${CONFIG}/update/${s.id}`, strategyBody({ name: 'Changed' })],
      [S.edit, 'POST', `${CONFIG}/updateEnableState/${s.id}`, { enabled: true }],
      [S.remove, 'GET', `${CONFIG}/delete/${s.id}`, undefined],
      [R.list, 'GET', `${CONFIG}/options`, undefined],
      [S.list, 'GET', `${CONFIG}/file/1`, undefined],
      [R.list, 'POST', `${ROBOT}/list/page`, {}],
      [R.add, 'POST', `${ROBOT}/save`, robotBody(free.id, [s.id])],
      [R.edit, 'POST', `${ROBOT}/update/${r.id}`, robotBody(r.accountId, [s.id], { dailyCap: 1 })],
      [R.edit, 'POST', `${ROBOT}/updateIsEnabled/${r.id}`, { enabled: true }],
      [R.remove, 'GET', `${ROBOT}/delete/${r.id}`, undefined],
    ];
    const before = { counts: await c.counts(), s: await c.strategyRow(s.id), r: await c.robotRow(r.id) };
    const members = new Map<string, string>();
    for (const [code, method, url, body] of calls) {
      if (!members.has(code)) {
        members.set(
          code,
          (
            await f.member(
              ALL.filter((x) => x !== code),
              3,
              cid,
            )
          ).token,
        );
      }
      const answer = await c.call(method, url, members.get(code), body);
      expect([url, answer.status, answer.body.code]).toEqual([url, 403, 'A0312']);
    }
    expect({ counts: await c.counts(), s: await c.strategyRow(s.id), r: await c.robotRow(r.id) }).toEqual(before);
    // The same member with the permission gets through (the refusal was the permission, not the data).
    const editor = await f.member([S.edit], 3, cid);
    expect(
      (await c.call('POST', `${CONFIG}/updateEnableState/${s.id}`, editor.token, { enabled: true })).body.code,
    ).toBe('00000');
  });

  it('staff of a customer may work with its own strategies and robots', async () => {
    const m = await f.member(ALL);
    const s = await c.strategy(m.customerId, { customerId: undefined }, m.token);
    expect(s.customerId).toBe(m.customerId);
    const r = await c.robot((await c.account(m.customerId)).id, [s.id], {}, m.token);
    expect(r.customerId).toBe(m.customerId);
    expect((await f.ok<Page<Strategy>>('POST', `${CONFIG}/page`, {}, m.token)).list.map((x) => x.id)).toEqual([s.id]);
    expect((await f.ok<Page<Robot>>('POST', `${ROBOT}/list/page`, {}, m.token)).list.map((x) => x.id)).toEqual([r.id]);
    await f.ok('POST', `${ROBOT}/updateIsEnabled/${r.id}`, { enabled: true }, m.token);
    await f.ok('GET', `${ROBOT}/delete/${r.id}`, undefined, m.token);
    await f.ok('GET', `${CONFIG}/delete/${s.id}?customerId=${m.customerId}`, undefined, m.token);
  });
});

describe('other customers', () => {
  it('customer B sees none of A’s strategies or robots and cannot change or delete them', async () => {
    const a = await f.customer();
    const { pngId } = await c.uploads(a);
    const s = await c.strategy(a, { steps: [{ type: 'image', objectId: pngId }] });
    const r = await c.robot((await c.account(a)).id, [s.id]);
    const b = await f.member(ALL);
    const mine = await c.strategy(b.customerId, {}, b.token);
    const before = { counts: await c.counts(), s: await c.strategyRow(s.id), r: await c.robotRow(r.id) };

    const strategies = await f.ok<Page<Strategy>>('POST', `${CONFIG}/page`, { customerId: a }, b.token);
    expect(strategies).toMatchObject({ list: [], total: 0 });
    expect(await f.ok('GET', `${CONFIG}/options?customerId=${a}`, undefined, b.token)).toEqual([]);
    const robots = await f.ok<Page<Robot>>('POST', `${ROBOT}/list/page`, { customerId: a }, b.token);
    expect(robots).toMatchObject({ list: [], total: 0 });
    for (const [method, url, body] of [
      ['POST', `${CONFIG}/update/${s.id}`, strategyBody({ name: 'Pwned' })],
      ['POST', `${CONFIG}/updateEnableState/${s.id}`, { enabled: true }],
      ['GET', `${CONFIG}/delete/${s.id}`, undefined],
      ['GET', `${CONFIG}/delete/${s.id}?customerId=${a}`, undefined],
      ['GET', `${CONFIG}/file/${pngId}`, undefined],
      ['POST', `${ROBOT}/update/${r.id}`, robotBody(r.accountId, [s.id], { dailyCap: 1 })],
      ['POST', `${ROBOT}/updateIsEnabled/${r.id}`, { enabled: true }],
      ['GET', `${ROBOT}/delete/${r.id}`, undefined],
    ] as const) {
      const answer = await c.call(method, url, b.token, body);
      expect([url, answer.body.code]).toEqual([url, 'A0404']);
    }
    // Into A's customer: refused naming the customer.
    await c.refused(() => c.call('POST', `${CONFIG}/save`, b.token, strategyBody({ customerId: a })), {
      code: 'A0312',
      field: 'customerId',
      reason: 'invalidValue',
    });
    await c.refused(
      () => c.call('POST', `${CONFIG}/update/${mine.id}`, b.token, strategyBody({ name: mine.name, customerId: a })),
      { code: 'A0312', field: 'customerId', reason: 'invalidValue' },
      () => c.strategyRow(mine.id),
    );
    // A's file in B's strategy.
    await c.refused(
      () => c.call('POST', `${CONFIG}/save`, b.token, strategyBody({ steps: [{ type: 'image', objectId: pngId }] })),
      { code: 'A0404', field: 'steps.0.objectId', reason: 'notCustomerFile' },
    );
    expect({ counts: await c.counts(), s: await c.strategyRow(s.id), r: await c.robotRow(r.id) }).toEqual(before);
  });

  it('a robot of customer B cannot use A’s account or A’s strategies', async () => {
    const a = await f.customer();
    const theirAccount = await c.account(a);
    const theirStrategy = await c.strategy(a);
    const b = await f.member(ALL);
    const mine = await c.strategy(b.customerId, {}, b.token);
    const myAccount = await c.account(b.customerId);
    const myRobot = await c.robot(myAccount.id, [mine.id], {}, b.token);
    const row = async () => [await c.robotRow(myRobot.id), await c.links(myRobot.id)];
    for (const strategyIds of [[mine.id], [theirStrategy.id]]) {
      await c.refused(() => c.call('POST', `${ROBOT}/save`, b.token, robotBody(theirAccount.id, strategyIds)), {
        code: 'A0404',
        field: 'accountId',
        reason: 'notCustomerAccount',
      });
      await c.refused(
        () => c.call('POST', `${ROBOT}/update/${myRobot.id}`, b.token, robotBody(theirAccount.id, strategyIds)),
        { code: 'A0404', field: 'accountId', reason: 'notCustomerAccount' },
        row,
      );
    }
    const free = await c.account(b.customerId);
    await c.refused(() => c.call('POST', `${ROBOT}/save`, b.token, robotBody(free.id, [mine.id, theirStrategy.id])), {
      code: 'A0404',
      field: 'strategyIds',
      reason: 'notCustomerStrategy',
    });
    await c.refused(
      () => c.call('POST', `${ROBOT}/update/${myRobot.id}`, b.token, robotBody(myAccount.id, [theirStrategy.id])),
      { code: 'A0404', field: 'strategyIds', reason: 'notCustomerStrategy' },
      row,
    );
    // A's account with a robot is reported as not B's, not as taken (nothing about A leaks).
    await c.robot(theirAccount.id, [theirStrategy.id]);
    await c.refused(() => c.call('POST', `${ROBOT}/save`, b.token, robotBody(theirAccount.id, [mine.id])), {
      code: 'A0404',
      field: 'accountId',
      reason: 'notCustomerAccount',
    });
  });
});
