import { CHAT_ACCOUNT_PERMISSIONS, type ChatAccount, type PageResult } from '@agent-console/contracts';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { insertApp } from '@agent-console/server/test/fixtures/apps';
import { insertAccount } from '@agent-console/server/test/fixtures/chat-account';
import { describe, expect, it } from 'vitest';

/**
 * Which app serves a messaging account (issue 16): `POST /api/v3/account/setApp`. The app must be
 * the account's customer's, the account in the caller's scope, and the caller needs
 * `chat:account:edit`; the account list shows the app.
 */
const { t, admin, f } = useAdminApp();

const SET = '/api/v3/account/setApp';
const setApp = (body: unknown, token = admin()) => t.call<ChatAccount>('POST', SET, { token, body });
const listed = async (customerId: number, token = admin()) =>
  (await f.ok<PageResult<ChatAccount>>('POST', '/api/v3/account/list/page', { customerId }, token)).list;

describe('choosing an account’s app', () => {
  it('sets the app, shows it in the list, and clears it with null', async () => {
    const customerId = await f.customer();
    const account = await insertAccount(t, { customerId });
    const app = await insertApp(t, { customerId, name: 'Front desk' });
    const set = await setApp({ accountId: account.id, appId: app.id });
    expect(set.body.code).toBe('00000');
    expect(set.body.data).toMatchObject({ id: account.id, appId: app.id, appName: 'Front desk' });
    expect((await listed(customerId))[0]).toMatchObject({ id: account.id, appId: app.id, appName: 'Front desk' });

    const cleared = await setApp({ accountId: account.id, appId: null });
    expect(cleared.body.data).toMatchObject({ appId: null, appName: null });
    expect((await listed(customerId))[0]).toMatchObject({ appId: null, appName: null });
  });

  it('refuses another customer’s app, or one that does not exist, naming appId, and changes nothing', async () => {
    const customerId = await f.customer();
    const other = await f.customer();
    const account = await insertAccount(t, { customerId });
    const own = await insertApp(t, { customerId });
    const theirs = await insertApp(t, { customerId: other });
    await setApp({ accountId: account.id, appId: own.id });
    for (const appId of [theirs.id, 2_000_000_000]) {
      const refused = await setApp({ accountId: account.id, appId });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        code: 'A0400',
        data: { fields: [{ field: 'appId', reason: 'invalidValue' }] },
      });
      expect(refused.body.message).toContain('App');
    }
    expect((await listed(customerId))[0]).toMatchObject({ appId: own.id });
  });

  it('refuses bad input naming the field', async () => {
    const account = await insertAccount(t, { customerId: await f.customer() });
    for (const [body, field] of [
      [{ accountId: account.id }, 'appId'],
      [{ accountId: account.id, appId: 'one' }, 'appId'],
      [{ appId: null }, 'accountId'],
      [{ accountId: -1, appId: null }, 'accountId'],
    ] as const) {
      const res = await setApp(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.data).toMatchObject({ fields: [expect.objectContaining({ field })] });
    }
  });

  it('keeps to the caller’s scope and permission', async () => {
    const editor = await f.member([CHAT_ACCOUNT_PERMISSIONS.list, CHAT_ACCOUNT_PERMISSIONS.edit]);
    const mine = await insertAccount(t, { customerId: editor.customerId });
    const myApp = await insertApp(t, { customerId: editor.customerId });
    expect((await setApp({ accountId: mine.id, appId: myApp.id }, editor.token)).body.code).toBe('00000');

    // Another customer's account answers as if it did not exist, and is left alone.
    const otherCustomer = await f.customer();
    const foreign = await insertAccount(t, { customerId: otherCustomer });
    const foreignApp = await insertApp(t, { customerId: otherCustomer });
    const outOfScope = await setApp({ accountId: foreign.id, appId: foreignApp.id }, editor.token);
    expect(outOfScope.body.code).toBe('A0404');
    expect((await listed(otherCustomer))[0]).toMatchObject({ appId: null });

    // Seeing accounts is not choosing their app.
    const viewer = await f.member([CHAT_ACCOUNT_PERMISSIONS.list], 3, editor.customerId);
    const denied = await setApp({ accountId: mine.id, appId: null }, viewer.token);
    expect(denied.status).toBe(403);
    expect((await listed(editor.customerId, editor.token))[0]).toMatchObject({ appId: myApp.id });
  });
});
