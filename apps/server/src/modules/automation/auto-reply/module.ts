import type { FeatureModule } from '../../../http/app-deps';
import { gatewayOf } from '../../../integrations/messaging-gateway/gateway-of';
import { mailDepsOf } from '../../notify/mail/mail-settings';
import { startAgentRuntime } from './runtime-work';

/** The agent's work on messaging accounts: replies, friend requests, leads. */
export const autoReplyModule: FeatureModule = {
  name: 'automation/auto-reply',
  tables: [],
  routes: [],
  background: [
    {
      // The agent at work on messaging accounts (issue 16): auto-replies, lead capture, friend
      // requests. Stopped before the senders, so no reply is queued while they stop.
      name: 'agent runtime',
      stops: 'beforeServer',
      async start({ deps, boss }) {
        if (!boss) return null;
        const agent = await startAgentRuntime({
          db: deps.database.db,
          boss,
          llm: deps.llm ?? null,
          embeddings: deps.embeddings ?? null,
          ...(deps.clock ? { clock: deps.clock } : {}),
          gateway: () => gatewayOf(deps),
          mail: mailDepsOf(deps),
          ...(deps.logger ? { logger: deps.logger } : {}),
          metrics: deps.metrics,
        });
        return () => agent.stop();
      },
    },
  ],
  permissions: [],
};
