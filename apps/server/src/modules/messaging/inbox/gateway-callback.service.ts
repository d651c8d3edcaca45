import type PgBoss from 'pg-boss';
import type { GatewayEvent } from '../../../integrations/messaging-gateway/gateway';
import { queueAgentReply, queueFriendRequest } from '../../../jobs/agent-queues';
import { runtimeAccountByWcId } from '../account/account.repo';
import { markOffline, markOnlineAgain, type TransitionDeps } from '../account/account-status';
import { pauseForPhoneMessage } from '../conversation/phone-pause';
import { storeIncomingMessage } from './incoming-batch';
import { storeFriendRequest } from './message-log';
import { storeOwnMessage } from './own-message';

/**
 * What became of one event, in the callback's answer (the gateway ignores it; tests and the
 * gateway's own logs read it): stored, a suppressed duplicate, a status applied or without
 * effect, or ignored because no account of this console has the wcId (or, for the account's own
 * message, because it is one of the console's sends echoed back).
 */
export type EventOutcome = 'stored' | 'duplicate' | 'applied' | 'unchanged' | 'ignored';

/** The status transitions' needs, and the job queue the agent's work goes to (absent: no agent). */
export type CallbackDeps = TransitionDeps & { boss?: PgBoss | undefined };

/**
 * Handles one parsed, verified callback event. A stored message or friend request becomes a job
 * of the agent (modules/automation/auto-reply); a duplicate queues it again under the same job id, which
 * pg-boss keeps once, in case the first callback failed after storing but before queueing. A
 * message a person wrote on the account's phone pauses the agent for that contact at once.
 */
export async function handleGatewayEvent(deps: CallbackDeps, event: GatewayEvent): Promise<EventOutcome> {
  const account = await runtimeAccountByWcId(deps.db, event.wcId);
  if (!account) {
    // Answered 200 all the same: the gateway retries errors, and no retry can make this known.
    deps.logger?.warn({ kind: event.kind, wcId: event.wcId }, 'gateway callback for an unknown account ignored');
    return 'ignored';
  }
  switch (event.kind) {
    case 'message': {
      if (event.fromSelf) {
        const own = await storeOwnMessage(deps.db, account, event);
        if (own.outcome === 'ours') return 'ignored';
        if (own.outcome === 'stored') await pauseForPhoneMessage(deps.db, account, event.fromWcId);
        return own.outcome;
      }
      const stored = await storeIncomingMessage(deps.db, account, event);
      if (deps.boss && event.type === 'text') await queueAgentReply(deps.boss, stored.messageId);
      return stored.outcome;
    }
    case 'friendRequest': {
      const stored = await storeFriendRequest(deps.db, account, event);
      if (deps.boss) await queueFriendRequest(deps.boss, stored.messageId);
      return stored.outcome;
    }
    case 'status':
      if (!event.online) {
        const observedAt = endOfSecond(event.at);
        return (await markOffline(deps, account.id, event.reason ?? 'unknown', observedAt)) ? 'applied' : 'unchanged';
      }
      return (await markOnlineAgain(deps, account.id)) ? 'applied' : 'unchanged';
  }
}

/**
 * WKTeam stamps its callbacks in whole seconds, so a drop stamped in the second of a login may
 * have happened after it (the region-mismatch drop comes within seconds): a report counts as of
 * the end of its second, and only one from an earlier second is older than the login.
 */
function endOfSecond(at: Date): Date {
  return new Date(Math.floor(at.getTime() / 1000) * 1000 + 999);
}
