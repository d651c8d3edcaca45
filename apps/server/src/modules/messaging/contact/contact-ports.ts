import type { Executor } from '../../../db/client';
import { definePort } from '../../../lib/port';

/**
 * What a new contact row needs of the outbox (issue 35): the message log is the outbox's, and the
 * outbox imports this feature (its batch screen, its recipients, the address-list worker), so this
 * feature cannot import it back: the outbox plugs its part in here from its manifest, which the
 * app loads before any route, job or worker runs.
 */

/**
 * Links the messages of `wcId` on the account that were logged before its contact row existed
 * (and so carry no contact) to the new row, in the caller's transaction.
 */
export type LinkEarlierMessages = (tx: Executor, accountId: number, wcId: string, contactId: number) => Promise<void>;

const linkEarlierPort = definePort<LinkEarlierMessages>('the linking of earlier messages', 'messaging/outbox');

export const plugEarlierMessages = linkEarlierPort.plug;

/** Refuses to go on without the outbox's part: a new contact would lose the messages logged before it. */
export const earlierMessagesLinker = linkEarlierPort.use;
