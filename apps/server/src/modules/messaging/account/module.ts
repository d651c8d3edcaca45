import { CHAT_ACCOUNT_PERMISSIONS } from '@agent-console/contracts';
import { page, t } from '../../../db/seed/menu-tree';
import type { FeatureModule } from '../../../http/app-deps';
import { gatewayOf } from '../../../integrations/messaging-gateway/gateway-of';
import { mailDepsOf } from '../../notify/mail/mail-settings';
import { chatAccountRoutes } from './chat-account.routes';
import { startStatusSupervisor } from './status-supervisor';

/** Messaging accounts: QR login, status, sync. */
export const accountModule: FeatureModule = {
  name: 'messaging/account',
  tables: ['chat_accounts', 'chat_login_sessions'],
  routes: [chatAccountRoutes],
  background: [
    {
      // The login supervisor (issue 15): a heartbeat of every online messaging account.
      name: 'status supervisor',
      async start({ deps, boss }) {
        if (!boss || !deps.gateway) return null;
        return startStatusSupervisor(boss, {
          db: deps.database.db,
          gateway: gatewayOf(deps),
          mail: mailDepsOf(deps),
          logger: deps.logger,
        });
      },
    },
  ],
  permissions: [CHAT_ACCOUNT_PERMISSIONS],
  menu: [
    {
      under: 'Chat',
      order: 10,
      menu: page(
        'ChatAccount',
        '/chat/account',
        'chat/account/index',
        t('Account login', '账号登录', '帳號登入', 'アカウントログイン'),
        CHAT_ACCOUNT_PERMISSIONS,
        'qrcode',
      ),
    },
  ],
};
