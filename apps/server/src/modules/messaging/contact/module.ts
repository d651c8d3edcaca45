import { CHAT_ADDRESS_PERMISSIONS, CHAT_MESSAGE_PERMISSIONS } from '@agent-console/contracts';
import { buttons, page, t, withButtons } from '../../../db/seed/menu-tree';
import type { FeatureModule } from '../../../http/app-deps';
import { addressRoutes } from './address.routes';

/**
 * Contacts and labels of messaging accounts. Sending a message is a button of the contacts
 * screen, so its code (`chat:message:send`, checked by the outbox's and the conversations'
 * routes) is this feature's too.
 */
export const contactModule: FeatureModule = {
  name: 'messaging/contact',
  tables: ['chat_contacts', 'chat_labels'],
  routes: [addressRoutes],
  permissions: [CHAT_ADDRESS_PERMISSIONS, CHAT_MESSAGE_PERMISSIONS],
  menu: [
    {
      under: 'Chat',
      order: 20,
      menu: withButtons(
        page(
          'ChatAddress',
          '/chat/address',
          'chat/address/index',
          t('Relationship management', '关系管理', '關係管理', '関係管理'),
          CHAT_ADDRESS_PERMISSIONS,
          'contacts',
        ),
        buttons('ChatMessage', CHAT_MESSAGE_PERMISSIONS),
      ),
    },
  ],
};
