import { USER_PERMISSIONS } from '@agent-console/contracts';
import { POST_PERMISSIONS } from '@agent-console/contracts/system-post';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { expectRefusedSave } from '@agent-console/server/test/fixtures/refused-save';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { posts } from './post.schema';

const { t, admin, f } = useAdminApp();

const P = '/api/v3/system/post';
const postRow = async (id: number) => (await t.database.db.select().from(posts).where(eq(posts.id, id)))[0];
type Post = { id: number; code: string; name: string; customerId: number };

describe('posts', () => {
  it('creates, pages, lists, changes and deletes posts (one and a batch)', async () => {
    const cid = await f.customer();
    const a = await f.ok<Post>('POST', `${P}/save`, { customerId: cid, code: 'ceo', name: 'Chief', sort: 1 });
    const b = await f.ok<Post>('POST', `${P}/save`, { customerId: cid, code: 'cto', name: 'Tech', sort: 2 });
    const c = await f.ok<Post>('POST', `${P}/save`, { customerId: cid, code: 'cfo', name: 'Money', sort: 3 });
    const page = await f.ok<{ list: Post[]; total: number }>('POST', `${P}/page`, {
      customerId: cid,
      orderBy: { field: 'code', direction: 'asc' },
      pageSize: 2,
    });
    expect(page.list.map((p) => p.code)).toEqual(['ceo', 'cfo']);
    expect(page.total).toBe(3);
    const options = await f.ok<Post[]>('POST', `${P}/list`, { customerId: cid });
    expect(options.map((p) => p.name)).toEqual(['Chief', 'Tech', 'Money']);
    await f.ok('POST', `${P}/update/${a.id}`, { customerId: cid, code: 'ceo', name: 'Chief executive' });
    expect((await postRow(a.id))?.name).toBe('Chief executive');
    await f.ok('POST', `${P}/delete`, { ids: [a.id] });
    await f.ok('POST', `${P}/delete`, { ids: [b.id, c.id] });
    expect(await postRow(c.id)).toBeUndefined();
  });

  it('keeps name and code unique within a customer and refuses to delete a held post', async () => {
    const cid = await f.customer();
    const post = await f.ok<Post>('POST', `${P}/save`, { customerId: cid, code: 'ops', name: 'Operations' });
    const code = await t.call('POST', `${P}/save`, {
      token: admin(),
      body: { customerId: cid, code: 'ops', name: 'Other' },
    });
    expect(code.body).toMatchObject({ code: 'A0111', data: { fields: [{ field: 'code' }] } });
    const name = await t.call('POST', `${P}/save`, {
      token: admin(),
      body: { customerId: cid, code: 'other', name: 'Operations' },
    });
    expect(name.body).toMatchObject({ code: 'A0111', data: { fields: [{ field: 'name' }] } });
    // Another customer may use the same code.
    await f.ok('POST', `${P}/save`, { customerId: await f.customer(), code: 'ops', name: 'Operations' });
    await f.ok('POST', '/api/v3/system/user/save', {
      customerId: cid,
      username: f.unique('holder'),
      nickName: 'Holder',
      password: 'secret-123',
      postIds: [post.id],
    });
    const held = await t.call('POST', `${P}/delete`, { token: admin(), body: { ids: [post.id] } });
    expect(held.body).toMatchObject({ code: 'A0440', data: { fields: [{ reason: 'inUse' }] } });
    expect(await postRow(post.id)).toBeDefined();
  });
});

describe('post scope', () => {
  it('a user of customer B cannot list, change or delete customer A’s posts', async () => {
    const theirs = await f.ok<Post>('POST', `${P}/save`, { customerId: await f.customer(), code: 'x', name: 'Theirs' });
    const m = await f.member([...Object.values(POST_PERMISSIONS), USER_PERMISSIONS.list]);
    const mine = await f.ok<Post>('POST', `${P}/save`, { code: 'mine', name: 'Mine' }, m.token);
    expect(mine.customerId).toBe(m.customerId);
    const page = await f.ok<{ list: Post[] }>('POST', `${P}/page`, { customerId: theirs.customerId }, m.token);
    expect(page.list).toEqual([]);
    const options = await f.ok<Post[]>('POST', `${P}/list`, {}, m.token);
    expect(options.map((p) => p.id)).toEqual([mine.id]);
    const update = await t.call('POST', `${P}/update/${theirs.id}`, {
      token: m.token,
      body: { code: 'x', name: 'Pwned' },
    });
    expect(update.body.code).toBe('A0404');
    const del = await t.call('POST', `${P}/delete`, { token: m.token, body: { ids: [mine.id, theirs.id] } });
    expect(del.body.code).toBe('A0404');
    expect(await postRow(mine.id)).toBeDefined();
    expect((await postRow(theirs.id))?.name).toBe('Theirs');
    const into = await t.call('POST', `${P}/save`, {
      token: m.token,
      body: { customerId: theirs.customerId, code: 'y', name: 'Y' },
    });
    expect(into.body.code).toBe('A0312');
  });

  it('answers A0312 without the permission', async () => {
    const m = await f.member([]);
    for (const [url, body] of [
      [`${P}/page`, {}],
      [`${P}/list`, {}],
      [`${P}/save`, {}],
      [`${P}/update/1`, {}],
      [`${P}/delete`, { ids: [1] }],
    ] as const) {
      expect((await t.call('POST', url, { token: m.token, body })).body.code, url).toBe('A0312');
    }
  });
});

describe('post input', () => {
  it.each([
    [{ name: 'n' }, 'A0410', 'code'],
    [{ code: 'c', name: 'n'.repeat(10_000) }, 'A0420', 'name'],
    [{ code: "c' OR '1'='1", name: 'n' }, 'A0400', 'code'],
    [{ code: 'c', name: 'n', enabled: 'no' }, 'A0400', 'enabled'],
    [{ code: 'c', name: 'n', sort: -1 }, 'A0420', 'sort'],
  ])('rejects %j with %s naming %s', async (body, code, field) => {
    await expectRefusedSave(t, { url: `${P}/save`, token: admin(), body, table: posts }, code, field);
  });

  it('refuses sort injection and a bad delete body', async () => {
    expect(
      (await t.call('POST', `${P}/page`, { token: admin(), body: { orderBy: { field: 'name,1' } } })).body.code,
    ).toBe('A0400');
    expect((await t.call('POST', `${P}/delete`, { token: admin(), body: { ids: [] } })).body.code).toBe('A0420');
    expect((await t.call('POST', `${P}/delete`, { token: admin(), body: { ids: '1,2' } })).body.code).toBe('A0400');
  });
});
