import { POST_PERMISSIONS } from '@agent-console/contracts/system-post';
import { page, t } from '../../../db/seed/menu-tree';
import type { FeatureModule } from '../../../http/app-deps';
import { postRoutes } from './post.routes';

/** Posts (job positions). */
export const postModule: FeatureModule = {
  name: 'system/post',
  tables: ['posts', 'user_posts'],
  routes: [postRoutes],
  permissions: [POST_PERMISSIONS],
  menu: [
    {
      under: 'System',
      order: 40,
      menu: page(
        'SystemPost',
        '/system/post',
        'system/post/index',
        t('Posts', '岗位管理', '崗位管理', '役職管理'),
        POST_PERMISSIONS,
        'idcard',
      ),
    },
  ],
};
