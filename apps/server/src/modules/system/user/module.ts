import { USER_PERMISSIONS } from '@agent-console/contracts';
import { page, t } from '../../../db/seed/menu-tree';
import type { FeatureModule } from '../../../http/app-deps';
import { plugRoleUserFacts } from '../role/role-ports';
import { currentUserRoutes } from './current-user.routes';
import { profileRoutes } from './profile.routes';
import { userIdsInReach } from './user.repo';
import { userRoutes } from './user.routes';

// The roles count their holders among the users a caller reaches through this (they cannot
// import this feature, which builds on them).
plugRoleUserFacts({ usersInReach: userIdsInReach });

/** Users with their sessions and failed sign-ins, the signed-in user and profiles. */
export const userModule: FeatureModule = {
  name: 'system/user',
  tables: ['users', 'sessions', 'login_failures'],
  routes: [currentUserRoutes, profileRoutes, userRoutes],
  permissions: [USER_PERMISSIONS],
  menu: [
    {
      under: 'System',
      order: 50,
      menu: page(
        'SystemUser',
        '/system/user',
        'system/user/index',
        t('Users', '用户管理', '使用者管理', 'ユーザー管理'),
        USER_PERMISSIONS,
        'user',
      ),
    },
    // The signed-in user's own profile (the profile routes): every user may open it, so it has no
    // permission; last at the top level.
    {
      order: 120,
      menu: {
        name: 'UserSetting',
        type: 'menu',
        path: '/boot/admin/system/user/setting',
        component: 'system/user/setting',
        icon: 'user',
        titles: t('User settings', '个人设置', '個人設定', 'ユーザー設定'),
      },
    },
  ],
};
