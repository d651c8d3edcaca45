import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { insertApp } from '@agent-console/server/test/fixtures/apps';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appItems, knowledgeFolders } from '../../../db/schema';
import { AGENT_CONFIG_DEFAULTS, readAgentConfig } from './agent-config';

/** The `agent` namespace: its well-known keys are checked when saved and read on every answer. */
const { t, admin, f } = useAdminApp();

const NS = '/api/v3/app/namespace';
const ITEM = '/api/v3/app/item';
type Item = { id: number };
const itemCount = async () => (await t.database.db.select({ n: count() }).from(appItems))[0]?.n ?? 0;

async function agentApp(customerId?: number) {
  const cid = customerId ?? (await f.customer());
  const app = await insertApp(t, { customerId: cid });
  const ns = await f.ok<{ id: number }>('POST', `${NS}/save`, { appId: app.id, name: 'agent', format: 'properties' });
  return { appId: app.id, namespaceId: ns.id, customerId: cid };
}

async function folder(customerId: number): Promise<number> {
  const [row] = await t.database.db
    .insert(knowledgeFolders)
    .values({ customerId, name: 'Root' })
    .returning({ id: knowledgeFolders.id });
  if (!row) throw new Error('no folder');
  return row.id;
}

describe('agent items', () => {
  it.each([
    ['qaMatchThreshold', '1.5', 'notRatio', 'Value must be a number from 0 to 1'],
    ['qaMatchThreshold', 'high', 'notRatio', 'Value must be a number from 0 to 1'],
    ['topK', '0', 'notTopK', 'Value must be a whole number from 1 to 20'],
    ['topK', '2.5', 'notTopK', 'Value must be a whole number from 1 to 20'],
    ['llm.temperature', '3', 'notTemperature', 'Value must be a number from 0 to 2'],
    ['maxHistoryMessages', '51', 'notHistoryCount', 'Value must be a whole number from 0 to 50'],
    ['knowledgeFolders', '1, two', 'notFolderIds', 'Value must be folder ids separated by commas'],
  ])('refuses %s = %j, naming the field and the rule (%s)', async (key, value, reason, message) => {
    const { namespaceId } = await agentApp();
    const before = await itemCount();
    const res = await t.call('POST', `${ITEM}/save`, { token: admin(), body: { namespaceId, key, value } });
    expect(res.body).toMatchObject({ code: 'A0400', message, data: { fields: [{ field: 'value', reason }] } });
    expect(await itemCount()).toBe(before);
  });

  it('words the rule in the caller’s language', async () => {
    const { namespaceId } = await agentApp();
    const body = { namespaceId, key: 'qaMatchThreshold', value: '2' };
    const zh = await t.call('POST', `${ITEM}/save`, { token: admin(), lang: 'zh-CN', body });
    expect(zh.body.message).toBe('值必须是 0 到 1 之间的数字');
    const ja = await t.call('POST', `${ITEM}/save`, { token: admin(), lang: 'ja', body });
    expect(ja.body.message).toBe('値は 0 から 1 までの数値にしてください');
  });

  it('takes only knowledge folders of the app’s own customer', async () => {
    const { namespaceId, customerId, appId } = await agentApp();
    const own = await folder(customerId);
    const foreign = await folder(await f.customer());
    const refused = await t.call('POST', `${ITEM}/save`, {
      token: admin(),
      body: { namespaceId, key: 'knowledgeFolders', value: `${own},${foreign}` },
    });
    expect(refused.body).toMatchObject({
      code: 'A0400',
      data: { fields: [{ field: 'value', reason: 'unknownFolder' }] },
    });
    await f.ok('POST', `${ITEM}/save`, { namespaceId, key: 'knowledgeFolders', value: ` ${own} ` });
    expect((await readAgentConfig(t.database.db, appId)).knowledgeFolders).toEqual([own]);
  });

  it('keeps unknown keys (even ones named like object properties) and ignores them', async () => {
    const { namespaceId, appId } = await agentApp();
    for (const key of ['constructor', '__proto__', 'toString', 'custom.flag']) {
      await f.ok('POST', `${ITEM}/save`, { namespaceId, key, value: 'anything' });
    }
    expect(await readAgentConfig(t.database.db, appId)).toEqual(AGENT_CONFIG_DEFAULTS);
  });

  it('the rules apply only in the namespace named agent', async () => {
    const app = await insertApp(t, { customerId: await f.customer() });
    const ns = await f.ok<{ id: number }>('POST', `${NS}/save`, { appId: app.id, name: 'Agent', format: 'text' });
    await f.ok('POST', `${ITEM}/save`, { namespaceId: ns.id, key: 'topK', value: 'many' });
    expect((await readAgentConfig(t.database.db, app.id)).topK).toBe(AGENT_CONFIG_DEFAULTS.topK);
  });
});

describe('readAgentConfig', () => {
  it('reflects a saved, changed and deleted agent item at once, for its own app only', async () => {
    const { namespaceId, appId, customerId } = await agentApp();
    const neighbour = await agentApp(customerId);
    expect(await readAgentConfig(t.database.db, appId)).toEqual(AGENT_CONFIG_DEFAULTS);

    const threshold = await f.ok<Item>('POST', `${ITEM}/save`, { namespaceId, key: 'qaMatchThreshold', value: '0.85' });
    await f.ok('POST', `${ITEM}/save`, { namespaceId, key: 'fallbackReply', value: '  Please call us.  ' });
    await f.ok('POST', `${ITEM}/save`, { namespaceId, key: 'llm.model', value: 'qwen-plus' });
    // A secret item is never read: what the agent reads it may say (secret-items.test.ts).
    await f.ok('POST', `${ITEM}/save`, { namespaceId, key: 'topK', value: '9', secret: true });
    expect(await readAgentConfig(t.database.db, appId)).toEqual({
      ...AGENT_CONFIG_DEFAULTS,
      qaMatchThreshold: 0.85,
      fallbackReply: 'Please call us.',
      llmModel: 'qwen-plus',
    });

    await f.ok('POST', `${ITEM}/update/${threshold.id}`, { key: 'qaMatchThreshold', value: '0.3', secret: false });
    expect((await readAgentConfig(t.database.db, appId)).qaMatchThreshold).toBe(0.3);
    await f.ok('GET', `${ITEM}/delete/${threshold.id}`);
    expect((await readAgentConfig(t.database.db, appId)).qaMatchThreshold).toBe(AGENT_CONFIG_DEFAULTS.qaMatchThreshold);
    expect(await readAgentConfig(t.database.db, neighbour.appId)).toEqual(AGENT_CONFIG_DEFAULTS);

    // Deleting the namespace takes every agent setting with it.
    await f.ok('GET', `${NS}/deleteByNamespaceId/${namespaceId}`);
    expect(await readAgentConfig(t.database.db, appId)).toEqual(AGENT_CONFIG_DEFAULTS);
  });
});
