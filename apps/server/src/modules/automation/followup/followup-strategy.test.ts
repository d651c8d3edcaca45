import { insertApp } from '@agent-console/server/test/fixtures/apps';
import {
  CONFIG,
  type Page,
  R,
  S,
  type Strategy,
  strategyBody,
  useFollowupApi,
} from '@agent-console/server/test/fixtures/followup-api';
import { describe, expect, it } from 'vitest';

/**
 * Follow-up strategies (issue 18, calls 1–6): saving and reading back with steps, paging and
 * filters, the enable switch, delete, the robot dialog's options, and the view of a step's file.
 * Bad input, permissions and other customers are in followup-input.test.ts and followup-scope.test.ts.
 */
const { t, f, c } = useFollowupApi();

describe('strategies', () => {
  it('creates one with text, file and image steps, an app, labels and quiet hours, and reads it back', async () => {
    const cid = await f.customer();
    const app = await insertApp(t, { customerId: cid });
    const { pdfId, pngId } = await c.uploads(cid);
    const saved = await f.ok<Strategy>('POST', `${CONFIG}/save`, {
      customerId: cid,
      appId: app.id,
      name: '  Quiet for a day  ',
      triggerType: 'noReply',
      triggerValue: 24,
      // A label for a trigger that reads none is not kept.
      triggerLabel: 'vip',
      audienceLabels: ['vip', 'trial', 'vip'],
      steps: [
        { type: 'text', text: 'Still there?', delayHours: 5 },
        { type: 'file', objectId: pdfId, delayHours: 48 },
        { type: 'image', objectId: pngId, delayHours: 720 },
      ],
      maxSendsPerContact: 3,
      quietStart: '22:00',
      quietEnd: '23:30',
      enabled: true,
    });
    expect(saved).toMatchObject({
      customerId: cid,
      appId: app.id,
      appName: app.name,
      name: 'Quiet for a day',
      triggerType: 'noReply',
      triggerValue: 24,
      triggerLabel: null,
      audienceLabels: ['vip', 'trial'],
      maxSendsPerContact: 3,
      quietStart: '22:00',
      quietEnd: '23:30',
      enabled: true,
      robotCount: 0,
    });
    // Step 1 has no wait; files are named from the stored object and viewed through follow-up's route.
    expect(saved.steps.map(({ id: _id, ...s }) => s)).toEqual([
      { type: 'text', text: 'Still there?', delayHours: null },
      {
        type: 'file',
        objectId: pdfId,
        fileName: 'prices.pdf',
        size: expect.any(Number),
        url: `${CONFIG}/file/${pdfId}`,
        delayHours: 48,
      },
      {
        type: 'image',
        objectId: pngId,
        fileName: 'shop.png',
        size: 16,
        url: `${CONFIG}/file/${pngId}`,
        delayHours: 720,
      },
    ]);
    const row = await c.strategyRow(saved.id);
    expect(row?.steps.map((s) => s.delayHours)).toEqual([null, 48, 720]);
    expect(row?.steps[0]).not.toHaveProperty('url');
    const page = await f.ok<Page<Strategy>>('POST', `${CONFIG}/page`, { customerId: cid });
    expect(page.list).toEqual([saved]);
  });

  it('keeps only the value its trigger reads: afterFriend days, hasLabel a label', async () => {
    const cid = await f.customer();
    const s = await c.strategy(cid, { triggerType: 'afterFriend', triggerValue: 90, triggerLabel: 'x' });
    expect(s).toMatchObject({ triggerType: 'afterFriend', triggerValue: 90, triggerLabel: null });
    const changed = await f.ok<Strategy>(
      'POST',
      `${CONFIG}/update/${s.id}`,
      strategyBody({ name: s.name, triggerType: 'hasLabel', triggerValue: 5, triggerLabel: ' Hot lead ' }),
    );
    expect(changed).toMatchObject({ id: s.id, triggerType: 'hasLabel', triggerValue: null, triggerLabel: 'Hot lead' });
    expect(await c.strategyRow(s.id)).toMatchObject({ triggerValue: null, triggerLabel: 'Hot lead' });
  });

  it('changes every field on update, keeps a step’s key, and clears the app and quiet hours', async () => {
    const cid = await f.customer();
    const app = await insertApp(t, { customerId: cid });
    const { pdfId } = await c.uploads(cid);
    const s = await c.strategy(cid, {
      appId: app.id,
      quietStart: '12:00',
      quietEnd: '13:00',
      steps: [{ type: 'text', text: 'One' }],
    });
    const key = s.steps[0]?.id;
    const changed = await f.ok<Strategy>('POST', `${CONFIG}/update/${s.id}`, {
      name: 'Renamed',
      triggerType: 'noReply',
      triggerValue: 1,
      audienceLabels: ['a'],
      steps: [
        { id: key, type: 'text', text: 'One, edited' },
        { type: 'file', objectId: pdfId, delayHours: 1 },
      ],
      maxSendsPerContact: 10,
      enabled: true,
    });
    expect(changed).toMatchObject({
      id: s.id,
      customerId: cid,
      appId: null,
      appName: null,
      name: 'Renamed',
      triggerValue: 1,
      audienceLabels: ['a'],
      maxSendsPerContact: 10,
      quietStart: null,
      quietEnd: null,
      enabled: true,
    });
    expect(changed.steps.map((x) => [x.type, x.delayHours])).toEqual([
      ['text', null],
      ['file', 1],
    ]);
    expect(changed.steps[0]?.id).toBe(key);
  });

  it('pages, filters by keyword, customer, app and enabled, and sorts by an allowed field', async () => {
    const cid = await f.customer();
    const app = await insertApp(t, { customerId: cid });
    const a = await c.strategy(cid, { name: 'Alpha 100%', enabled: true });
    const b = await c.strategy(cid, { name: 'Beta', appId: app.id });
    const g = await c.strategy(cid, { name: 'Gamma', enabled: true });
    await c.strategy(await f.customer(), { name: 'Alpha elsewhere' });
    const page = (body: object) => f.ok<Page<Strategy>>('POST', `${CONFIG}/page`, { customerId: cid, ...body });
    // Newest first by default.
    expect((await page({})).list.map((s) => s.id)).toEqual([g.id, b.id, a.id]);
    const sorted = await page({ orderBy: { field: 'name', direction: 'asc' }, pageSize: 2 });
    expect(sorted).toMatchObject({ total: 3, pageNum: 1, pageSize: 2 });
    expect(sorted.list.map((s) => s.name)).toEqual(['Alpha 100%', 'Beta']);
    const second = await page({ orderBy: { field: 'name', direction: 'asc' }, pageSize: 2, pageNum: 2 });
    expect(second.list.map((s) => s.name)).toEqual(['Gamma']);
    expect((await page({ orderBy: { field: 'name', direction: 'desc' } })).list[0]?.id).toBe(g.id);
    // `%` is matched literally.
    expect((await page({ keyword: '100%' })).list.map((s) => s.id)).toEqual([a.id]);
    expect((await page({ keyword: 'a%' })).list).toEqual([]);
    expect((await page({ appId: app.id })).list.map((s) => s.id)).toEqual([b.id]);
    expect((await page({ enabled: true })).list.map((s) => s.id)).toEqual([g.id, a.id]);
    expect((await page({ enabled: false })).total).toBe(1);
    const everywhere = await f.ok<Page<Strategy>>('POST', `${CONFIG}/page`, { keyword: 'Alpha', pageSize: 100 });
    expect(everywhere.list.map((s) => s.name)).toEqual(expect.arrayContaining(['Alpha 100%', 'Alpha elsewhere']));
  });

  it('switches enabled on and off, and only that', async () => {
    const s = await c.strategy(await f.customer());
    const before = await c.strategyRow(s.id);
    expect(await f.ok('POST', `${CONFIG}/updateEnableState/${s.id}`, { enabled: true })).toEqual({
      id: s.id,
      enabled: true,
    });
    const on = await c.strategyRow(s.id);
    expect(on).toMatchObject({ ...before, enabled: true, updatedAt: expect.any(Date) });
    expect(on?.updatedAt.getTime()).toBeGreaterThanOrEqual(before?.updatedAt.getTime() ?? 0);
    await f.ok('POST', `${CONFIG}/updateEnableState/${s.id}`, { enabled: false });
    expect((await c.strategyRow(s.id))?.enabled).toBe(false);
  });

  it('deletes (recorded in the operation log as a write); a stale customer deletes nothing', async () => {
    const cid = await f.customer();
    const s = await c.strategy(cid);
    const other = await f.customer();
    const stale = await c.call('GET', `${CONFIG}/delete/${s.id}?customerId=${other}`);
    expect(stale.body.code).toBe('A0404');
    expect(await c.strategyRow(s.id)).toBeDefined();
    expect(await f.ok('GET', `${CONFIG}/delete/${s.id}?customerId=${cid}`)).toEqual({ affected: 1 });
    expect(await c.strategyRow(s.id)).toBeUndefined();
    expect(await c.lastLog(`${CONFIG}/delete/${s.id}`)).toMatchObject({
      businessType: 'delete',
      method: 'GET',
      status: 'success',
    });
    const without = await c.strategy(cid);
    expect(await f.ok('GET', `${CONFIG}/delete/${without.id}`)).toEqual({ affected: 1 });
    expect((await c.call('GET', `${CONFIG}/delete/${without.id}`)).body.code).toBe('A0404');
  });

  it('counts its robots, which stop running it when it is deleted', async () => {
    const cid = await f.customer();
    const kept = await c.strategy(cid);
    const gone = await c.strategy(cid);
    const r1 = await c.robot((await c.account(cid)).id, [gone.id, kept.id]);
    await c.robot((await c.account(cid)).id, [gone.id]);
    const page = await f.ok<Page<Strategy>>('POST', `${CONFIG}/page`, {
      customerId: cid,
      orderBy: { field: 'createdAt', direction: 'asc' },
    });
    expect(page.list.map((s) => s.robotCount)).toEqual([1, 2]);
    await f.ok('GET', `${CONFIG}/delete/${gone.id}`);
    expect(await c.links(r1.id)).toEqual([kept.id]);
  });

  it('lists options for the robot dialog: every strategy of the customer, enabled or not, by name', async () => {
    const cid = await f.customer();
    const b = await c.strategy(cid, { name: 'B', enabled: true });
    const a = await c.strategy(cid, { name: 'A' });
    await c.strategy(await f.customer(), { name: 'Elsewhere' });
    expect(await f.ok('GET', `${CONFIG}/options?customerId=${cid}`)).toEqual([
      { id: a.id, name: 'A', enabled: false, customerId: cid },
      { id: b.id, name: 'B', enabled: true, customerId: cid },
    ]);
    // A robot manager without the strategy screen's permission gets them too (their own customer).
    const m = await f.member([R.list], 3, cid);
    expect((await f.ok<{ id: number }[]>('GET', `${CONFIG}/options`, undefined, m.token)).map((o) => o.id)).toEqual([
      a.id,
      b.id,
    ]);
  });

  it('shows a step’s file to whoever may list strategies, and nothing that no strategy sends', async () => {
    const cid = await f.customer();
    const { pdfId, pngId } = await c.uploads(cid);
    await c.strategy(cid, { steps: [{ type: 'image', objectId: pngId }] });
    const viewer = await f.member([S.list], 3, cid);
    const image = await t.call('GET', `${CONFIG}/file/${pngId}`, { token: viewer.token });
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    // Uploaded but in no strategy; and an id that is nobody's.
    expect((await t.call('GET', `${CONFIG}/file/${pdfId}`, { token: viewer.token })).body.code).toBe('A0404');
    expect((await t.call('GET', `${CONFIG}/file/2000000000`, { token: viewer.token })).body.code).toBe('A0404');
  });
});
