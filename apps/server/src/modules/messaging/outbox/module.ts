import type { FeatureModule } from '../../../http/app-deps';
import { listenUrlOf } from '../../../lib/listen-url';
import { plugSendRisks } from '../account/account-ports';
import { plugEarlierMessages } from '../contact/contact-ports';
import { startChatWork } from './chat-work';
import { linkEarlierMessages } from './message.repo';
import { messageRoutes } from './message.routes';
import { readRisks } from './send-budget';

// The accounts and contacts cannot import this feature, which sends through them: the account
// screen shows each account's risk and budget, and a new contact row takes the messages logged
// before it, through these.
plugSendRisks(readRisks);
plugEarlierMessages(linkEarlierMessages);

/** Paced sending of messages and batches. */
export const outboxModule: FeatureModule = {
  name: 'messaging/outbox',
  tables: ['chat_messages', 'chat_send_batches', 'chat_pacing'],
  routes: [messageRoutes],
  background: [
    {
      // Contact initialisation and paced sends. Stopped before the server stops answering, so a
      // send under way still reaches a gateway the console itself serves (the simulator).
      name: 'chat senders',
      stops: 'beforeServer',
      async start({ app, deps, boss, sendChecks }) {
        if (!boss) return null;
        const chat = await startChatWork(deps, boss, () => listenUrlOf(app.server.address()), sendChecks);
        return () => chat.stop();
      },
    },
  ],
  permissions: [],
};
