import { PERMISSIONS } from '@agent-console/contracts';
import { page, t } from '../../../db/seed/menu-tree';
import type { FeatureModule } from '../../../http/app-deps';
import { chatAccountRoutes } from './chat-account.routes';

/** Messaging accounts: QR login, status, sync. */
export const accountModule: FeatureModule = {
  name: 'messaging/account',
  tables: ['chat_accounts', 'chat_login_sessions'],
  routes: [chatAccountRoutes],
  permissions: [PERMISSIONS.chatAccount],
  menu: [
    {
      under: 'Chat',
      order: 10,
      menu: page(
        'ChatAccount',
        '/chat/account',
        'chat/account/index',
        t('Account login', '账号登录', '帳號登入', 'アカウントログイン'),
        PERMISSIONS.chatAccount,
        'qrcode',
      ),
    },
  ],
};
