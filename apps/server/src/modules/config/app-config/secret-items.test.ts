import {
  AGENT_KEY_NAMES,
  type AgentKey,
  APP_ITEM_PERMISSIONS,
  APP_NAMESPACE_PERMISSIONS,
  SECRET_MASK,
} from '@agent-console/contracts';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { askBubble } from '@agent-console/server/test/fixtures/agent-chat';
import { insertApp } from '@agent-console/server/test/fixtures/apps';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentAnswers, appItems, appNamespaces, knowledgeFolders } from '../../../db/schema';
import { BUILT_IN_FALLBACK } from '../../agent/answer/reply-language';
import { AGENT_CONFIG_DEFAULTS, AGENT_KEYS, type AgentConfig, readAgentConfig } from './agent-config';

/**
 * Hole 3: a user who may edit configuration items, but never see a secret value, made the agent
 * say one, by renaming a secret item to `fallbackReply` (an empty value kept the secret), by
 * renaming its namespace to `agent`, or by saving a secret under that key; any unanswerable
 * question in the chat bubble then returned it. Now a secret item never reaches the agent, and a
 * secret stays with the key and namespace it was typed for.
 */
const { t, f } = useAdminApp();

const NS = '/api/v3/app/namespace';
const ITEM = '/api/v3/app/item';
const SECRET = 'sk-live-hole3-7f3a9c';
/** No QA and no documents: whatever is asked, the app has nothing relevant and falls back. */
const UNANSWERABLE = 'What is the airspeed velocity of an unladen swallow?';
type Fields = { fields: { field: string; reason: string; detail?: string }[] };
type Item = { id: number; key: string; value: string; hasValue: boolean };

const itemRow = async (id: number) => (await t.database.db.select().from(appItems).where(eq(appItems.id, id)))[0];
const nsRow = async (id: number) =>
  (await t.database.db.select().from(appNamespaces).where(eq(appNamespaces.id, id)))[0];

/**
 * A customer with an app, a namespace holding an admin's secret, and the attacker: a member who
 * may edit namespaces and items (never read a secret) and, like any user, talk to the bubble.
 */
async function scene(namespace = 'credentials', secretKey = 'crm.token') {
  const customerId = await f.customer();
  const app = await insertApp(t, { customerId });
  const ns = await f.ok<{ id: number }>('POST', `${NS}/save`, { appId: app.id, name: namespace, format: 'properties' });
  const secret = await f.ok<Item>('POST', `${ITEM}/save`, {
    namespaceId: ns.id,
    key: secretKey,
    value: SECRET,
    secret: true,
  });
  const editor = await f.member(
    [...Object.values(APP_ITEM_PERMISSIONS), ...Object.values(APP_NAMESPACE_PERMISSIONS)],
    3,
    customerId,
  );
  return { customerId, appId: app.id, namespaceId: ns.id, secretId: secret.id, editor };
}

/** Asks the bubble as `token` and checks the answer is the built-in fallback, never the secret. */
async function expectNoSecretFromBubble(token: string, customerId: number, appId: number) {
  const res = await askBubble(t, token, { customerId, appId, message: UNANSWERABLE });
  expect(res.status).toBe(200);
  expect(res.done).toMatchObject({ step: 'fallback', needsPerson: true });
  expect(res.text).toBe(BUILT_IN_FALLBACK.en);
  expect(JSON.stringify(res.events)).not.toContain(SECRET);
  const stored = await t.database.db
    .select({ answer: agentAnswers.answer })
    .from(agentAnswers)
    .where(eq(agentAnswers.id, res.done?.answerId ?? 0));
  expect(stored[0]?.answer).toBe(BUILT_IN_FALLBACK.en);
}

describe('hole 3: a secret item never steers the agent', () => {
  it('renaming a secret item to fallbackReply without its value is refused naming value; the bubble never says it', async () => {
    const { customerId, appId, secretId, editor } = await scene('agent', 'vendor.key');
    const rename = await t.call<Fields>('POST', `${ITEM}/update/${secretId}`, {
      token: editor.token,
      body: { key: 'fallbackReply', value: '', secret: true },
    });
    expect(rename.body).toMatchObject({
      code: 'A0410',
      message: 'Value must be entered again when the key of a secret item changes',
      data: { fields: [{ field: 'value', reason: 'secretReentry' }] },
    });
    expect(await itemRow(secretId)).toMatchObject({ key: 'vendor.key', value: SECRET, secret: true });
    await expectNoSecretFromBubble(editor.token, customerId, appId);
  });

  it('a namespace holding a secret fallbackReply cannot be renamed to agent; even there it would not be said', async () => {
    const { customerId, appId, namespaceId, editor } = await scene('draft', 'fallbackReply');
    const rename = await t.call<Fields>('POST', `${NS}/update/${namespaceId}`, {
      token: editor.token,
      body: { name: 'agent' },
    });
    expect(rename.body).toMatchObject({
      code: 'A0440',
      data: { fields: [{ field: 'name', reason: 'holdsSecrets', detail: 'fallbackReply' }] },
    });
    expect(rename.body.message).toBe(
      'Operation not allowed: Name cannot change while the namespace holds secret items with values; delete them first and enter them ' +
        'again afterwards: fallbackReply',
    );
    expect((await nsRow(namespaceId))?.name).toBe('draft');
    await expectNoSecretFromBubble(editor.token, customerId, appId);

    // A namespace renamed before this rule existed (written straight to the table) is harmless too:
    // the agent reads no secret item, wherever it came from.
    await t.database.db.update(appNamespaces).set({ name: 'agent' }).where(eq(appNamespaces.id, namespaceId));
    await expectNoSecretFromBubble(editor.token, customerId, appId);
  });

  it('a secret fallbackReply saved in the agent namespace is ignored: the built-in sentence is said', async () => {
    const { customerId, appId, secretId, editor } = await scene('agent', 'fallbackReply');
    await expectNoSecretFromBubble(editor.token, customerId, appId);
    // The key itself works: typed again and not secret, it is what the app says.
    await f.ok('POST', `${ITEM}/update/${secretId}`, { key: 'fallbackReply', value: 'Call us.', secret: false });
    const res = await askBubble(t, editor.token, { customerId, appId, message: UNANSWERABLE });
    expect(res.text).toBe('Call us.');
  });
});

/**
 * A value of each key the agent reads that differs from its default, and what the agent makes of
 * it. A `Record` over every key: a key added to the agent without a sample here fails typecheck.
 */
const SAMPLES: Record<AgentKey, (customerId: number) => Promise<[string, Partial<AgentConfig>]>> = {
  qaMatchThreshold: async () => ['0.95', { qaMatchThreshold: 0.95 }],
  minScore: async () => ['0.45', { minScore: 0.45 }],
  minCoverage: async () => ['0.85', { minCoverage: 0.85 }],
  minMargin: async () => ['0.35', { minMargin: 0.35 }],
  topK: async () => ['17', { topK: 17 }],
  contextTokens: async () => ['1234', { contextTokens: 1234 }],
  llmMinCoverage: async () => ['0.15', { llmMinCoverage: 0.15 }],
  vectorMinSimilarity: async () => ['0.72', { vectorMinSimilarity: 0.72 }],
  fallbackReply: async () => [SECRET, { fallbackReply: SECRET }],
  knowledgeFolders: async (customerId) => {
    const [row] = await t.database.db
      .insert(knowledgeFolders)
      .values({ customerId, name: 'Secret folder' })
      .returning({ id: knowledgeFolders.id });
    if (!row) throw new Error('no folder');
    return [String(row.id), { knowledgeFolders: [row.id] }];
  },
  'llm.model': async () => [SECRET, { llmModel: SECRET }],
  'llm.temperature': async () => ['1.75', { llmTemperature: 1.75 }],
  maxHistoryMessages: async () => ['37', { maxHistoryMessages: 37 }],
};

describe('the class: every key the agent reads ignores a secret item', () => {
  it('walks all of the agent’s keys', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...AGENT_KEY_NAMES].sort());
    expect(Object.keys(AGENT_KEYS).sort()).toEqual([...AGENT_KEY_NAMES].sort());
  });

  it.each(AGENT_KEY_NAMES)('a secret %s counts as absent; the same value not secret applies', async (key) => {
    const customerId = await f.customer();
    const app = await insertApp(t, { customerId });
    const ns = await f.ok<{ id: number }>('POST', `${NS}/save`, { appId: app.id, name: 'agent', format: 'text' });
    const [value, applied] = await SAMPLES[key](customerId);
    const item = await f.ok<Item>('POST', `${ITEM}/save`, { namespaceId: ns.id, key, value, secret: true });
    expect(item.value).toBe(SECRET_MASK);
    expect(await readAgentConfig(t.database.db, app.id)).toEqual(AGENT_CONFIG_DEFAULTS);

    // The control: the sample does change the agent once it is not secret (typed again, as the rule asks).
    await f.ok('POST', `${ITEM}/update/${item.id}`, { key, value, secret: false });
    expect(await readAgentConfig(t.database.db, app.id)).toEqual({ ...AGENT_CONFIG_DEFAULTS, ...applied });
  });
});

describe('a secret stays with the key and namespace it was typed for', () => {
  it('a new key needs the value again, in every language; the same key or a typed value passes', async () => {
    const { secretId, editor } = await scene();
    const body = { key: 'crm.token2', value: '', secret: true };
    const sentences: Record<string, string> = {
      en: 'Value must be entered again when the key of a secret item changes',
      'zh-CN': '值在更改保密配置项的键时必须重新输入',
      'zh-TW': '值在更改保密設定項的鍵時必須重新輸入',
      ja: '値は機密項目のキーを変更するときに再入力する必要があります',
    };
    for (const [lang, message] of Object.entries(sentences)) {
      const res = await t.call<Fields>('POST', `${ITEM}/update/${secretId}`, { token: editor.token, lang, body });
      expect(res.body, lang).toMatchObject({ code: 'A0410', message });
    }
    expect(await itemRow(secretId)).toMatchObject({ key: 'crm.token', value: SECRET });

    // Same key, empty value: the secret is kept (the comment changes).
    await f.ok('POST', `${ITEM}/update/${secretId}`, { key: 'crm.token', value: '', secret: true, comment: 'CRM' });
    expect(await itemRow(secretId)).toMatchObject({ key: 'crm.token', value: SECRET, comment: 'CRM' });
    // A new key with the value typed again passes.
    await f.ok('POST', `${ITEM}/update/${secretId}`, { key: 'crm.token2', value: 'typed-again', secret: true });
    expect(await itemRow(secretId)).toMatchObject({ key: 'crm.token2', value: 'typed-again' });
    // Unflagging still needs a value (A0410 on value), as before.
    const reveal = await t.call<Fields>('POST', `${ITEM}/update/${secretId}`, {
      token: editor.token,
      body: { key: 'crm.token2', value: '', secret: false },
    });
    expect(reveal.body).toMatchObject({ code: 'A0410', data: { fields: [{ field: 'value', reason: 'required' }] } });
  });

  it('a secret without a value may be renamed: there is nothing to carry', async () => {
    const { namespaceId, editor } = await scene();
    const empty = await f.ok<Item>('POST', `${ITEM}/save`, { namespaceId, key: 'later', value: '', secret: true });
    await f.ok('POST', `${ITEM}/update/${empty.id}`, { key: 'later2', value: '', secret: true }, editor.token);
    expect(await itemRow(empty.id)).toMatchObject({ key: 'later2', value: '' });
  });

  it('a namespace with secret values keeps its name and format; without them it changes', async () => {
    const { namespaceId, secretId, editor } = await scene('vault');
    await f.ok('POST', `${ITEM}/save`, { namespaceId, key: 'plain', value: 'visible' });
    const call = (body: object, lang = 'en') =>
      t.call<Fields>('POST', `${NS}/update/${namespaceId}`, { token: editor.token, lang, body });

    const format = await call({ name: 'vault', format: 'text' }, 'ja');
    expect(format.body).toMatchObject({
      code: 'A0440',
      message:
        'この操作は許可されていません：形式は名前空間に値のある機密項目がある間は変更できません。先に削除し、変更後に再入力してください：crm.token',
      data: { fields: [{ field: 'format', reason: 'holdsSecrets' }] },
    });
    const zh = await call({ name: 'vault2' }, 'zh-CN');
    expect(zh.body.message).toBe(
      '不允许此操作：名称在命名空间包含有值的保密配置项时不能更改；请先删除这些配置项，更改后再重新录入：crm.token',
    );
    const zhTw = await call({ name: 'vault2' }, 'zh-TW');
    expect(zhTw.body.message).toBe(
      '不允許此操作：名稱在命名空間包含有值的保密設定項時不能更改；請先刪除這些設定項，更改後再重新輸入：crm.token',
    );
    expect(await nsRow(namespaceId)).toMatchObject({ name: 'vault', format: 'properties' });
    // The description alone may change.
    await f.ok('POST', `${NS}/update/${namespaceId}`, { name: 'vault', description: 'Keys' }, editor.token);

    // Many secrets: the refusal names the first five by key, then "…".
    for (const n of [1, 2, 3, 4, 5]) {
      await f.ok('POST', `${ITEM}/save`, { namespaceId, key: `s${n}`, value: 'x', secret: true });
    }
    const many = await call({ name: 'vault2' });
    expect(many.body.data.fields[0]?.detail).toBe('crm.token, s1, s2, s3, s4, …');

    // Once the secret items are gone (to be entered again afterwards), the rename passes.
    const items = await t.database.db.select().from(appItems).where(eq(appItems.namespaceId, namespaceId));
    for (const item of items.filter((i) => i.secret)) await f.ok('GET', `${ITEM}/delete/${item.id}`);
    expect(await itemRow(secretId)).toBeUndefined();
    await f.ok('POST', `${NS}/update/${namespaceId}`, { name: 'vault2', format: 'text' }, editor.token);
    expect(await nsRow(namespaceId)).toMatchObject({ name: 'vault2', format: 'text' });
  });
});
