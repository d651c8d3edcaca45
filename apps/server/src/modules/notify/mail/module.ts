import { MAIL_PERMISSIONS } from '@agent-console/contracts';
import { page, t } from '../../../db/seed/menu-tree';
import type { FeatureModule } from '../../../http/app-deps';
import { mailRoutes } from './mail.routes';

/** Mail settings and alert mail. */
export const mailModule: FeatureModule = {
  name: 'notify/mail',
  tables: ['mail_settings'],
  routes: [mailRoutes],
  permissions: [MAIL_PERMISSIONS],
  menu: [
    {
      under: 'Message',
      order: 10,
      menu: page(
        'MessageMail',
        '/message/mail',
        'message/mail/index',
        t('Mail settings', '邮件设置', '郵件設定', 'メール設定'),
        MAIL_PERMISSIONS,
        'mail',
      ),
    },
  ],
};
