import type { MenuRoute } from '@agent-console/contracts';
import { AI_PERMISSION_SCREEN_PERMISSIONS, AI_PROMPT_PERMISSIONS } from '@agent-console/contracts';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { flattenRoutes as flatten } from '@agent-console/server/test/fixtures/menu-routes';
import { registeredMemberToken } from '@agent-console/server/test/fixtures/users';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 13: the seeded staff role had the whole AI directory, so staff saw "Permission config"
 * listing every page of the product and its button codes. Staff now get neither the screen nor
 * its permission, and the server refuses its calls.
 */
const { t, admin } = useAdminApp();
let staff: string;

beforeAll(async () => {
  staff = await registeredMemberToken(t, 'staff-13');
});

describe('a staff user and the permission config screen', () => {
  it('is not in the staff menu, router or permission codes; the other AI screens are', async () => {
    for (const url of ['/api/v3/system/menu/get/current/tree', '/api/v3/system/menu/get/current/router']) {
      const res = await t.call<MenuRoute[]>('GET', url, { token: staff });
      const names = flatten(res.body.data).map((n) => n.name);
      expect(names).not.toContain('AiPermission');
      expect(names).toEqual(expect.arrayContaining(['AiMainPrompt', 'AiNewCustomerAccess', 'KnowledgeQa']));
    }
    const info = await t.call<{ permissions: string[] }>('GET', '/api/v3/system/user/info', { token: staff });
    expect(info.body.data.permissions).not.toContain(AI_PERMISSION_SCREEN_PERMISSIONS.view);
    expect(info.body.data.permissions).toContain(AI_PROMPT_PERMISSIONS.view);
  });

  it('refuses the screen’s calls to staff with A0312 and answers them for an admin', async () => {
    const tree = await t.call('GET', '/api/v3/permission/menu/tree', { token: staff });
    expect(tree.status).toBe(403);
    expect(tree.body.code).toBe('A0312');
    const page = await t.call('POST', '/api/v3/permission/menu/page/1', { token: staff, body: {} });
    expect(page.body.code).toBe('A0312');
    const save = await t.call('POST', '/api/v3/permission/save', {
      token: staff,
      body: { menuId: 1, permission: 'x:y', titles: { en: 'x', 'zh-chs': 'x', 'zh-cht': 'x', ja: 'x' } },
    });
    expect(save.body.code).toBe('A0312');
    expect((await t.call('GET', '/api/v3/permission/menu/tree', { token: admin() })).body.code).toBe('00000');
  });
});
