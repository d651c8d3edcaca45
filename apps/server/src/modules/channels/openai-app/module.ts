import { APP_INFO_PERMISSIONS } from '@agent-console/contracts';
import { page, t } from '../../../db/seed/menu-tree';
import type { FeatureModule } from '../../../http/app-deps';
import { appRoutes } from './app.routes';
import { appRuntimeOf } from './runtime/runtime-of';
import { visitorRoutes } from './visitor.routes';

/** Apps as agents: the OpenAI-compatible API, the widget, visitors. */
export const openaiAppModule: FeatureModule = {
  name: 'channels/openai-app',
  tables: ['visitor_replies'],
  routes: [appRoutes, visitorRoutes],
  background: [
    {
      // Apps that were running run again (WAVE2 §15.3), only once the console holds its own port:
      // an app can then never take it first, and an app that fails to start never stops the
      // console from starting (onListen errors are logged, not thrown).
      name: 'running apps',
      start({ app, deps }) {
        const apps = appRuntimeOf(deps);
        app.addHook('onListen', async () => {
          const address = app.server.address();
          if (address && typeof address === 'object') apps.ports.reserve(address.port);
          await apps.resume();
        });
        return () => apps.close();
      },
    },
  ],
  permissions: [APP_INFO_PERMISSIONS],
  menu: [
    {
      under: 'App',
      order: 10,
      menu: page(
        'AppInfo',
        '/app/info',
        'app/info/index',
        t('App info', '应用信息', '應用資訊', 'アプリ情報'),
        APP_INFO_PERMISSIONS,
        'info-circle',
      ),
    },
  ],
};
