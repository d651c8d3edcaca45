import { type Language, SUPER_ADMIN_ROLE_KEY } from '@agent-console/contracts';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLE_KEY } from './builtin-names';
import { customers, roles } from './schema';

/**
 * Issue 13: the root customer "Headquarters" and the roles "Super administrator" and "Staff" stayed
 * English on Chinese screens. Built-in names now follow the request's language wherever customers
 * and roles are read; a name someone typed is shown as typed.
 */
const { t, admin } = useAdminApp();
let rootId: number;
let staffId: number;

beforeAll(async () => {
  const [root] = await t.database.db.select().from(customers).where(isNull(customers.parentId));
  const [staff] = await t.database.db.select().from(roles).where(eq(roles.key, STAFF_ROLE_KEY));
  if (!root || !staff) throw new Error('seed missing');
  rootId = root.id;
  staffId = staff.id;
});

const ROOT: Record<Language, string> = { en: 'Headquarters', 'zh-chs': '总部', 'zh-cht': '總部', ja: '本社' };
const STAFF: Record<Language, string> = { en: 'Staff', 'zh-chs': '员工', 'zh-cht': '員工', ja: 'スタッフ' };
const SUPER: Record<Language, string> = {
  en: 'Super administrator',
  'zh-chs': '超级管理员',
  'zh-cht': '超級管理員',
  ja: 'スーパー管理者',
};

interface Named {
  id: number;
  name: string;
}

/** Every place a screen reads the root customer's or a role's name, in one language. */
async function namesSeen(lang: Language) {
  const get = async <T>(method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await t.call<T>(method, url, { token: admin(), lang, ...(body ? { body } : {}) });
    expect(res.body.code, url).toBe('00000');
    return res.body.data;
  };
  const tree = await get<Named[]>('GET', '/api/v3/system/dept/tree/all');
  const all = await get<Named[]>('GET', '/api/v3/system/dept/allList');
  const page = await get<{ list: Named[] }>('POST', '/api/v3/system/dept/customer/list/page', {
    pageNum: 1,
    pageSize: 50,
  });
  const roleList = await get<(Named & { key: string })[]>('POST', '/api/v3/system/role/list', {});
  const rolePage = await get<{ list: (Named & { key: string })[] }>('POST', '/api/v3/system/role/page', {
    pageNum: 1,
    pageSize: 50,
  });
  const users = await get<{ list: { username: string; customerName: string; roles: Named[] }[] }>(
    'POST',
    '/api/v3/system/user/page',
    { pageNum: 1, pageSize: 50 },
  );
  const me = await get<{ customer: Named; roles: Named[] }>('GET', '/api/v3/system/user/info');
  const adminRow = users.list.find((u) => u.username === 'admin');
  return {
    customer: [
      tree.find((c) => c.id === rootId)?.name,
      all.find((c) => c.id === rootId)?.name,
      page.list.find((c) => c.id === rootId)?.name,
      adminRow?.customerName,
      me.customer.name,
    ],
    staff: [roleList, rolePage.list].map((l) => l.find((r) => r.key === STAFF_ROLE_KEY)?.name),
    superAdmin: [
      roleList.find((r) => r.key === SUPER_ADMIN_ROLE_KEY)?.name,
      rolePage.list.find((r) => r.key === SUPER_ADMIN_ROLE_KEY)?.name,
      adminRow?.roles[0]?.name,
      me.roles[0]?.name,
    ],
  };
}

describe('built-in names in the caller’s language', () => {
  it.each(['zh-chs', 'en', 'zh-cht', 'ja'] as const)(
    '%s: customers, roles, users and the signed-in user',
    async (lang) => {
      const seen = await namesSeen(lang);
      expect(seen.customer).toEqual(Array(5).fill(ROOT[lang]));
      expect(seen.staff).toEqual([STAFF[lang], STAFF[lang]]);
      expect(seen.superAdmin).toEqual(Array(4).fill(SUPER[lang]));
    },
  );

  it('finds a built-in role by its shown name, and keeps that name taken', async () => {
    const found = await t.call<{ list: Named[] }>('POST', '/api/v3/system/role/page', {
      token: admin(),
      lang: 'zh-chs',
      body: { pageNum: 1, pageSize: 10, name: '员工' },
    });
    expect(found.body.data.list.map((r) => r.id)).toEqual([staffId]);
    const copy = await t.call('POST', '/api/v3/system/role/save', {
      token: admin(),
      lang: 'zh-chs',
      body: { name: '员工', key: 'staff_copy', dataScope: 3 },
    });
    expect(copy.body.code).toBe('A0111');
  });

  it('saving a built-in row with its shown name keeps it translated for everyone', async () => {
    const role = await t.call<Named & { key: string; dataScope: number }>(
      'GET',
      `/api/v3/system/role/info/${staffId}`,
      {
        token: admin(),
        lang: 'zh-chs',
      },
    );
    expect(role.body.code).toBe('00000');
    const { name, key, dataScope } = role.body.data;
    const saved = await t.call<Named>('POST', `/api/v3/system/role/update/${staffId}`, {
      token: admin(),
      lang: 'zh-chs',
      body: { name, key, dataScope },
    });
    expect(saved.body.data.name).toBe('员工');
    const [row] = await t.database.db.select().from(roles).where(eq(roles.id, staffId));
    expect(row?.name).toBe('Staff');
    const root = await t.call<Named>('POST', `/api/v3/system/dept/update/${rootId}`, {
      token: admin(),
      lang: 'ja',
      body: { name: '本社' },
    });
    expect(root.body).toMatchObject({ code: '00000', data: { name: '本社' } });
    expect((await namesSeen('en')).customer).toEqual(Array(5).fill('Headquarters'));
  });

  it('shows a renamed built-in role and customer as typed, in every language', async () => {
    const rename = async (role: string, customer: string) => {
      const r = await t.call('POST', `/api/v3/system/role/update/${staffId}`, {
        token: admin(),
        body: { name: role, key: STAFF_ROLE_KEY, dataScope: 3 },
      });
      expect(r.body.code).toBe('00000');
      const c = await t.call('POST', `/api/v3/system/dept/update/${rootId}`, {
        token: admin(),
        body: { name: customer },
      });
      expect(c.body.code).toBe('00000');
    };
    await rename('Sales team', 'ACME HQ');
    try {
      for (const lang of ['zh-chs', 'en', 'ja'] as const) {
        const seen = await namesSeen(lang);
        expect(seen.customer).toEqual(Array(5).fill('ACME HQ'));
        expect(seen.staff).toEqual(['Sales team', 'Sales team']);
        expect(seen.superAdmin[0]).toBe(SUPER[lang]);
      }
    } finally {
      await rename('Staff', 'Headquarters');
    }
    expect((await namesSeen('zh-chs')).staff).toEqual(['员工', '员工']);
  });
});
