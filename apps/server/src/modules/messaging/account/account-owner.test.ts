import {
  CHAT_ACCOUNT_PERMISSIONS,
  type ChatAccount,
  type ChatAccountOwnerOption,
  USER_PERMISSIONS,
} from '@agent-console/contracts';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { insertAccount } from '@agent-console/server/test/fixtures/chat-account';
import { describe, expect, it } from 'vitest';

/**
 * Issue 37: the account list's owner filter and the options behind it. The options are the users
 * of the caller's data scope, for anyone who may list accounts, and nobody else's.
 */
const { t, admin, f } = useAdminApp();

const P = '/api/v3/account';
type Page = { list: ChatAccount[]; total: number };
const options = async (token: string, query = '') => {
  const answer = await t.call<ChatAccountOwnerOption[]>('GET', `${P}/ownerOptions${query}`, { token });
  expect(answer.body.code, JSON.stringify(answer.body)).toBe('00000');
  return answer.body.data;
};

describe('owner options', () => {
  it("gives a customer's user only their own customer's users; the administrator sees both", async () => {
    const shop = await f.member([CHAT_ACCOUNT_PERMISSIONS.list]);
    const colleague = await f.user({ customerId: shop.customerId });
    const other = await f.member([CHAT_ACCOUNT_PERMISSIONS.list]);

    const seen = await options(shop.token);
    expect(seen.map((u) => u.id).sort()).toEqual([shop.id, colleague.id].sort());
    expect(seen.every((u) => u.customerId === shop.customerId)).toBe(true);
    expect(seen.find((u) => u.id === colleague.id)).toMatchObject({
      username: colleague.username,
      nickName: colleague.username,
    });
    // Another customer's user is not named, even when asked for by id.
    expect((await options(shop.token, `?userId=${other.id}`)).map((u) => u.id)).not.toContain(other.id);
    expect((await options(shop.token, `?customerId=${other.customerId}`)).map((u) => u.id)).toEqual([]);

    const all = await options(admin(), `?customerId=${shop.customerId}`);
    expect(all.map((u) => u.id).sort()).toEqual([shop.id, colleague.id].sort());
    const byKeyword = await options(admin(), `?keyword=${encodeURIComponent(colleague.username.toUpperCase())}`);
    expect(byKeyword.map((u) => u.id)).toEqual([colleague.id]);
    // The user a filter names comes first, whatever the keyword.
    const named = await options(admin(), `?keyword=${encodeURIComponent(colleague.username)}&userId=${shop.id}`);
    expect(named.map((u) => u.id)).toEqual([shop.id, colleague.id]);
  });

  it('needs the account list permission, and checks its query', async () => {
    const outsider = await f.member([USER_PERMISSIONS.list]);
    const refused = await t.call('GET', `${P}/ownerOptions`, { token: outsider.token });
    expect(refused.body).toMatchObject({ code: 'A0312' });
    expect((await t.call('GET', `${P}/ownerOptions`)).body).toMatchObject({ code: 'A0301' });
    const bad = await t.call('GET', `${P}/ownerOptions?userId=abc`, { token: admin() });
    expect(bad.body).toMatchObject({ code: 'A0400', data: { fields: [{ field: 'userId' }] } });
  });
});

describe('owner filter', () => {
  it('lists the accounts of one owner, within the caller’s scope', async () => {
    const shop = await f.member([CHAT_ACCOUNT_PERMISSIONS.list]);
    const colleague = await f.user({ customerId: shop.customerId });
    const mine = await insertAccount(t, { customerId: shop.customerId, ownerUserId: shop.id });
    const theirs = await insertAccount(t, { customerId: shop.customerId, ownerUserId: colleague.id });
    await insertAccount(t, { customerId: shop.customerId });

    const page = async (token: string, ownerUserId: number) =>
      (await f.ok<Page>('POST', `${P}/list/page`, { ownerUserId }, token)).list.map((a) => a.id);
    expect(await page(shop.token, colleague.id)).toEqual([theirs.id]);
    expect(await page(shop.token, shop.id)).toEqual([mine.id]);
    const owned = await f.ok<Page>('POST', `${P}/list/page`, { ownerUserId: colleague.id }, shop.token);
    expect(owned.list[0]).toMatchObject({ ownerUserId: colleague.id, ownerUserName: colleague.username });

    // Another customer's user filtering by this owner sees none of these accounts.
    const other = await f.member([CHAT_ACCOUNT_PERMISSIONS.list]);
    expect(await page(other.token, colleague.id)).toEqual([]);
  });
});
