import type { FeatureModule } from '../../../http/app-deps';
import { listenUrlOf } from '../../../lib/listen-url';
import { startChatWork } from './chat-work';
import { messageRoutes } from './message.routes';

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
