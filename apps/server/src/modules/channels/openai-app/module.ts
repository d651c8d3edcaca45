import { PERMISSIONS } from '@agent-console/contracts';
import { page, t } from '../../../db/seed/menu-tree';
import type { FeatureModule } from '../../../http/app-deps';
import { appRoutes } from './app.routes';
import { visitorRoutes } from './visitor.routes';

/** Apps as agents: the OpenAI-compatible API, the widget, visitors. */
export const openaiAppModule: FeatureModule = {
  name: 'channels/openai-app',
  tables: ['apps', 'visitor_replies'],
  routes: [appRoutes, visitorRoutes],
  permissions: [PERMISSIONS.appInfo],
  menu: [
    {
      under: 'App',
      order: 10,
      menu: page(
        'AppInfo',
        '/app/info',
        'app/info/index',
        t('App info', '应用信息', '應用資訊', 'アプリ情報'),
        PERMISSIONS.appInfo,
        'info-circle',
      ),
    },
  ],
};
