import { eq } from 'drizzle-orm';
import { chatAccounts } from '../../db/schema';
import type { GatewayEvent } from '../../integrations/messaging-gateway/gateway';
import { markOffline, markOnlineAgain, type TransitionDeps } from '../chat-account/account-status';
import { storeFriendRequest, storeIncomingMessage } from './message-log';

/**
 * What became of one event, in the callback's answer (the gateway ignores it; tests and the
 * gateway's own logs read it): stored, a suppressed duplicate, a status applied or without
 * effect, or ignored because no account of this console has the wcId.
 */
export type EventOutcome = 'stored' | 'duplicate' | 'applied' | 'unchanged' | 'ignored';

/** Handles one parsed, verified callback event. */
export async function handleGatewayEvent(deps: TransitionDeps, event: GatewayEvent): Promise<EventOutcome> {
  const [account] = await deps.db
    .select({ id: chatAccounts.id, customerId: chatAccounts.customerId })
    .from(chatAccounts)
    .where(eq(chatAccounts.wcId, event.wcId));
  if (!account) {
    // Answered 200 all the same: the gateway retries errors, and no retry can make this known.
    deps.logger?.warn({ kind: event.kind, wcId: event.wcId }, 'gateway callback for an unknown account ignored');
    return 'ignored';
  }
  switch (event.kind) {
    case 'message':
      return storeIncomingMessage(deps.db, account, event);
    case 'friendRequest':
      return storeFriendRequest(deps.db, account, event);
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
