import { AI_ACCESS_PERMISSIONS, AI_PROMPT_PERMISSIONS } from '@agent-console/contracts';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { AI, aiRoleCalls, PNG } from '@agent-console/server/test/fixtures/ai-role';
import { makePdf } from '@agent-console/server/test/fixtures/knowledge';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { operationLogs } from '../../../db/schema';
import { readRoleConfig } from './role-config';

/** The AI role calls (WAVE2 §5, §6): defaults, saving and reading back, permissions and scope. */
const P = AI_PROMPT_PERMISSIONS;
const A = AI_ACCESS_PERMISSIONS;
const { t, admin, f } = useAdminApp();
const c = aiRoleCalls(t);

const LEADS = [
  { item: 'Phone', description: 'The customer’s mobile number', example: '13800138000' },
  { item: 'Budget', description: 'How much they mean to spend', example: '' },
];

describe('main prompt', () => {
  it('is empty with no time or person until saved, then reads back with who saved it and when', async () => {
    const { customerId, app } = await c.customerApp(await f.customer());
    const fresh = await c.getPrompt(admin(), customerId, app.id);
    expect(fresh.body).toMatchObject({
      code: '00000',
      data: { customerId, appId: app.id, content: '', updatedAt: null, updatedBy: null },
    });

    const before = Date.now();
    const saved = await c.savePrompt(admin(), customerId, app.id, '  You answer for Acme Tea. Be brief.  ');
    expect(saved.body.code).toBe('00000');
    // Trimmed; the person is named by their nickname.
    expect(saved.body.data).toMatchObject({
      content: 'You answer for Acme Tea. Be brief.',
      updatedBy: 'admin',
    });
    expect(Date.parse(saved.body.data.updatedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect((await c.getPrompt(admin(), customerId, app.id)).body.data).toEqual(saved.body.data);
    // The agent reads it on its next answer.
    expect((await readRoleConfig(t.database.db, app.id)).mainPrompt).toBe('You answer for Acme Tea. Be brief.');
  });

  it('counts characters as code points: 200 emoji or 200 Chinese characters fit', async () => {
    const { customerId, app } = await c.customerApp(await f.customer());
    const emoji = '😀'.repeat(200);
    expect(emoji.length).toBe(400);
    const saved = await c.savePrompt(admin(), customerId, app.id, emoji);
    expect(saved.body.code).toBe('00000');
    expect(saved.body.data.content).toBe(emoji);
    const chinese = '你'.repeat(200);
    expect((await c.savePrompt(admin(), customerId, app.id, chinese)).body.data.content).toBe(chinese);
  });

  it('records the person who saved last', async () => {
    const cid = await f.customer();
    const { app } = await c.customerApp(cid);
    const editor = await f.member([P.view, P.edit], 3, cid);
    expect((await c.savePrompt(editor.token, cid, app.id, 'First version')).body.data.updatedBy).toBe(editor.username);
    const second = await c.savePrompt(admin(), cid, app.id, 'Second version');
    expect(second.body.data).toMatchObject({ content: 'Second version', updatedBy: 'admin' });
    expect((await c.getPrompt(editor.token, cid, app.id)).body.data.updatedBy).toBe('admin');
  });
});

describe('new-customer access', () => {
  it('starts with auto-accept off and nothing to send or capture', async () => {
    const { customerId, app } = await c.customerApp(await f.customer());
    expect((await c.getAccess(admin(), customerId, app.id)).body).toMatchObject({
      code: '00000',
      data: {
        customerId,
        appId: app.id,
        autoAcceptFriend: false,
        welcomeMessages: [],
        leadItems: [],
        updatedAt: null,
        updatedBy: null,
      },
    });
  });

  it('saves welcome messages of every type in order with the lead table, and reads them back', async () => {
    const cid = await f.customer();
    const { app } = await c.customerApp(cid);
    const file = await c.upload(admin(), 'attachment', cid, 'price list.pdf', makePdf(['Prices']));
    const image = await c.upload(admin(), 'image', cid, 'shop.png', PNG);
    expect([file.body.code, image.body.code]).toEqual(['00000', '00000']);

    const saved = await c.saveAccess(admin(), {
      customerId: cid,
      appId: app.id,
      autoAcceptFriend: true,
      welcomeMessages: [
        { id: 'a', type: 'text', text: ' Welcome to Acme Tea! ' },
        // Name and size are taken from the stored object, not from the request.
        { id: 'b', type: 'file', objectId: file.body.data.id, fileName: 'renamed.exe', size: 1 },
        { id: 'c', type: 'image', objectId: image.body.data.id },
      ],
      leadItems: [...LEADS, { item: ' Email ', description: ' Where we write ' }],
    });
    expect(saved.body.code).toBe('00000');
    const data = saved.body.data;
    expect(data).toMatchObject({ autoAcceptFriend: true, updatedBy: 'admin' });
    expect(data.updatedAt).not.toBeNull();
    expect(data.welcomeMessages).toEqual([
      { id: 'a', type: 'text', text: 'Welcome to Acme Tea!' },
      {
        id: 'b',
        type: 'file',
        objectId: file.body.data.id,
        fileName: 'price list.pdf',
        size: file.body.data.size,
        url: `${AI}/file/${file.body.data.id}`,
      },
      {
        id: 'c',
        type: 'image',
        objectId: image.body.data.id,
        fileName: 'shop.png',
        size: PNG.length,
        url: `${AI}/file/${image.body.data.id}`,
      },
    ]);
    expect(data.leadItems).toEqual([...LEADS, { item: 'Email', description: 'Where we write', example: '' }]);
    expect((await c.getAccess(admin(), cid, app.id)).body.data).toEqual(data);
    // What the runtime reads: the stored messages, without view addresses.
    const stored = await readRoleConfig(t.database.db, app.id);
    expect(stored.autoAcceptFriend).toBe(true);
    expect(stored.welcomeMessages.map((m) => m.id)).toEqual(['a', 'b', 'c']);
    expect(stored.welcomeMessages.some((m) => 'url' in m)).toBe(false);

    // Reordered and one removed: the order saved is the order read.
    const reordered = await c.saveAccess(admin(), {
      customerId: cid,
      appId: app.id,
      autoAcceptFriend: false,
      welcomeMessages: [data.welcomeMessages[2], data.welcomeMessages[0]],
      leadItems: LEADS.slice(0, 1),
    });
    expect(reordered.body.data.welcomeMessages.map((m) => m.id)).toEqual(['c', 'a']);
    expect(reordered.body.data.leadItems).toEqual(LEADS.slice(0, 1));
    expect(reordered.body.data.autoAcceptFriend).toBe(false);
  });

  it('gives rows without a key, or with a repeated one, a key of their own', async () => {
    const { customerId, app } = await c.customerApp(await f.customer());
    const saved = await c.saveAccess(admin(), {
      customerId,
      appId: app.id,
      autoAcceptFriend: false,
      welcomeMessages: [
        { type: 'text', text: 'One' },
        { id: 'x', type: 'text', text: 'Two' },
        { id: 'x', type: 'text', text: 'Three' },
      ],
      leadItems: LEADS,
    });
    const ids = saved.body.data.welcomeMessages.map((m) => m.id);
    expect(ids[1]).toBe('x');
    expect(new Set(ids).size).toBe(3);
  });

  it('shows a welcome image to whoever may view the access of its customer, and to nobody else', async () => {
    const cid = await f.customer();
    const image = await c.upload(admin(), 'image', cid, 'logo.png', PNG);
    const url = `${AI}/file/${image.body.data.id}`;
    const viewer = await f.member([A.view], 3, cid);
    const shown = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${viewer.token}` } });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
    expect(shown.rawPayload.equals(PNG)).toBe(true);
    const outsider = await f.member([A.view]);
    expect((await t.call('GET', url, { token: outsider.token })).body.code).toBe('A0404');
    const noView = await f.member([P.view], 3, cid);
    expect((await t.call('GET', url, { token: noView.token })).body.code).toBe('A0312');
    // A knowledge document is not a welcome file, even for its own customer.
    const doc = await c.objectRow({ customerId: cid, purpose: 'knowledge', kind: 'pdf', size: 10, name: 'd.pdf' });
    expect((await t.call('GET', `${AI}/file/${doc}`, { token: viewer.token })).body.code).toBe('A0404');
  });

  it('each save keeps the other screen’s settings', async () => {
    const { customerId, app } = await c.customerApp(await f.customer());
    await c.savePrompt(admin(), customerId, app.id, 'Prompt stays');
    await c.saveAccess(admin(), {
      customerId,
      appId: app.id,
      autoAcceptFriend: true,
      welcomeMessages: [],
      leadItems: LEADS,
    });
    expect((await c.getPrompt(admin(), customerId, app.id)).body.data.content).toBe('Prompt stays');
    await c.savePrompt(admin(), customerId, app.id, 'Prompt changed');
    expect((await c.getAccess(admin(), customerId, app.id)).body.data).toMatchObject({
      autoAcceptFriend: true,
      leadItems: LEADS,
    });
  });
});

describe('permissions', () => {
  it('a view-only role reads both configs and can save neither', async () => {
    const cid = await f.customer();
    const { app } = await c.customerApp(cid);
    const viewer = await f.member([P.view, A.view], 3, cid);
    expect((await c.getPrompt(viewer.token, cid, app.id)).body.code).toBe('00000');
    expect((await c.getAccess(viewer.token, cid, app.id)).body.code).toBe('00000');
    const prompt = await c.savePrompt(viewer.token, cid, app.id, 'Not allowed');
    expect([prompt.status, prompt.body.code]).toEqual([403, 'A0312']);
    const access = await c.saveAccess(viewer.token, {
      customerId: cid,
      appId: app.id,
      autoAcceptFriend: true,
      welcomeMessages: [],
      leadItems: LEADS,
    });
    expect([access.status, access.body.code]).toEqual([403, 'A0312']);
    expect(await c.row(app.id)).toBeUndefined();
  });

  it('each command needs its own edit permission, and each read its own view permission', async () => {
    const cid = await f.customer();
    const { app } = await c.customerApp(cid);
    const promptEditor = await f.member([P.view, P.edit], 3, cid);
    const accessEditor = await f.member([A.view, A.edit], 3, cid);
    const access = { customerId: cid, appId: app.id, autoAcceptFriend: true, welcomeMessages: [], leadItems: LEADS };
    expect((await c.savePrompt(promptEditor.token, cid, app.id, 'Mine')).body.code).toBe('00000');
    expect((await c.saveAccess(promptEditor.token, access)).body.code).toBe('A0312');
    expect((await c.getAccess(promptEditor.token, cid, app.id)).body.code).toBe('A0312');
    expect((await c.saveAccess(accessEditor.token, access)).body.code).toBe('00000');
    expect((await c.savePrompt(accessEditor.token, cid, app.id, 'Theirs')).body.code).toBe('A0312');
    expect((await c.getPrompt(accessEditor.token, cid, app.id)).body.code).toBe('A0312');
    expect((await c.getPrompt(admin(), cid, app.id)).body.data.content).toBe('Mine');
  });

  it('the operation log names the command', async () => {
    const { customerId, app } = await c.customerApp(await f.customer());
    await c.savePrompt(admin(), customerId, app.id, 'Logged');
    // Rows are written after each answer; settled in between, their ids follow the calls.
    await t.app.auditSettled();
    await c.saveAccess(admin(), {
      customerId,
      appId: app.id,
      autoAcceptFriend: false,
      welcomeMessages: [],
      leadItems: [],
    });
    await t.app.auditSettled();
    const rows = await t.database.db
      .select()
      .from(operationLogs)
      .where(eq(operationLogs.path, `${AI}/process-command`))
      .orderBy(desc(operationLogs.id))
      .limit(2);
    expect(rows.map((r) => [r.title, r.businessType, r.status])).toEqual([
      ['ai-role: saveNewCustomerAccess', 'update', 'failure'],
      ['ai-role: saveMainPrompt', 'update', 'success'],
    ]);
  });
});

describe('scope', () => {
  it('refuses a customer outside the caller’s scope, naming customerId, and another customer’s app, naming appId', async () => {
    const a = await c.customerApp(await f.customer());
    const bId = await f.customer();
    const b = await c.customerApp(bId);
    const editorB = await f.member([P.view, P.edit, A.view, A.edit], 3, bId);
    const outside = await c.getPrompt(editorB.token, a.customerId, a.app.id);
    expect(outside.body).toMatchObject({
      code: 'A0404',
      message: 'Customer is not within your data scope',
      data: { fields: [{ field: 'customerId', reason: 'outOfScope' }] },
    });
    for (const answer of [
      await c.savePrompt(editorB.token, bId, a.app.id, 'Into A'),
      await c.getAccess(editorB.token, bId, a.app.id),
      await c.saveAccess(editorB.token, {
        customerId: bId,
        appId: a.app.id,
        autoAcceptFriend: true,
        welcomeMessages: [],
        leadItems: LEADS,
      }),
      // Even for a caller who sees both customers: the app must be the chosen customer's.
      await c.savePrompt(admin(), bId, a.app.id, 'Into A'),
    ]) {
      expect(answer.body).toMatchObject({
        code: 'A0404',
        message: 'App is not one of the chosen customer’s apps',
        data: { fields: [{ field: 'appId', reason: 'notCustomerApp' }] },
      });
    }
    expect(await c.row(a.app.id)).toBeUndefined();
    expect(await c.row(b.app.id)).toBeUndefined();
    expect((await c.savePrompt(editorB.token, bId, b.app.id, 'Own app')).body.code).toBe('00000');
  });
});
