import type { Relationship } from '@agent-console/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { chatContacts } from '../../../db/schema';
import { GROUP_SUFFIX } from '../../../integrations/messaging-gateway/wkteam-wire';
import { earlierMessagesLinker } from './contact-ports';

/** The account an event is about, as the runtime reads it. */
export interface RuntimeAccount {
  id: number;
  customerId: number;
  wcId: string;
  appId: number | null;
}

export interface RuntimeContact {
  id: number;
  nickname: string;
  type: 'friend' | 'group';
  relationship: Relationship;
}

/**
 * The contact row of a wcId, made when the address list does not hold it yet (the list was never
 * initialised, or the person became a friend since): the agent needs a row for the relationship,
 * the conversation and the leads. A later initialisation fills in the profile and keeps the
 * relationship. `restore` (a friend request just accepted) brings back a contact marked gone and
 * takes the requester's nickname when the row has none. Messages of that wcId logged before the
 * row existed are linked to it when the row is made.
 */
export async function contactRowOf(
  db: Executor,
  account: RuntimeAccount,
  wcId: string,
  opts: { nickname?: string; restore?: boolean } = {},
): Promise<RuntimeContact> {
  const nickname = opts.nickname?.trim() ?? '';
  const inserted = await db
    .insert(chatContacts)
    .values({
      customerId: account.customerId,
      accountId: account.id,
      wcId,
      nickname,
      type: wcId.endsWith(GROUP_SUFFIX) ? 'group' : 'friend',
    })
    .onConflictDoUpdate({
      target: [chatContacts.accountId, chatContacts.wcId],
      set: opts.restore
        ? {
            goneAt: null,
            nickname: sql`case when ${chatContacts.nickname} = '' then excluded.nickname else ${chatContacts.nickname} end`,
            updatedAt: sql`now()`,
          }
        : // A no-op update, so the row is answered either way.
          { wcId: sql`excluded.wc_id` },
    })
    .returning({
      id: chatContacts.id,
      nickname: chatContacts.nickname,
      type: chatContacts.type,
      relationship: chatContacts.relationship,
      // PostgreSQL's tell of a row this statement inserted rather than updated.
      created: sql<boolean>`(xmax = 0)`,
    });
  const row = inserted[0];
  if (!row) throw new Error('contact upsert answered no row');
  if (row.created) await earlierMessagesLinker()(db, account.id, wcId, row.id);
  return {
    id: row.id,
    nickname: row.nickname,
    type: row.type === 'group' ? 'group' : 'friend',
    relationship: row.relationship as Relationship,
  };
}
