import { DICT_PERMISSIONS } from '@agent-console/contracts';
import { page, t } from '../../../db/seed/menu-tree';
import type { FeatureModule } from '../../../http/app-deps';
import { dictRoutes } from './dict.routes';

/** Value dictionaries. */
export const dictModule: FeatureModule = {
  name: 'system/dict',
  tables: ['dict_types', 'dict_entries'],
  routes: [dictRoutes],
  permissions: [DICT_PERMISSIONS],
  menu: [
    {
      under: 'System',
      order: 60,
      menu: page(
        'SystemDict',
        '/system/dict',
        'system/dict/index',
        t('Dictionaries', '字典管理', '字典管理', '辞書管理'),
        DICT_PERMISSIONS,
        'book',
      ),
    },
  ],
};
