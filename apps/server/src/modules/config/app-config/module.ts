import { APP_ITEM_PERMISSIONS, APP_NAMESPACE_PERMISSIONS, type LocalizedText } from '@agent-console/contracts';
import { buttons, page, t, withButtons } from '../../../db/seed/menu-tree';
import type { FeatureModule } from '../../../http/app-deps';
import { appConfigRoutes } from './app-config.routes';

/** The namespace buttons of the configuration screen, told apart from its item buttons. */
const NAMESPACE_TITLES: Record<string, LocalizedText> = {
  add: t('Add namespace', '新增命名空间', '新增命名空間', '名前空間の追加'),
  edit: t('Edit namespace', '修改命名空间', '修改命名空間', '名前空間の編集'),
  remove: t('Delete namespace', '删除命名空间', '刪除命名空間', '名前空間の削除'),
};

/** The apps themselves (their registry: names, keys, ports, wanted state) and their configuration namespaces and items. */
export const appConfigModule: FeatureModule = {
  name: 'config/app-config',
  tables: ['apps', 'app_namespaces', 'app_items'],
  routes: [appConfigRoutes],
  permissions: [APP_ITEM_PERMISSIONS, APP_NAMESPACE_PERMISSIONS],
  menu: [
    {
      under: 'App',
      order: 20,
      menu: withButtons(
        page(
          'AppItem',
          '/app/item',
          'app/item/index',
          t('Configuration', '应用配置', '應用配置', '設定'),
          APP_ITEM_PERMISSIONS,
          'control',
        ),
        buttons('AppNamespace', APP_NAMESPACE_PERMISSIONS, NAMESPACE_TITLES),
      ),
    },
  ],
};
