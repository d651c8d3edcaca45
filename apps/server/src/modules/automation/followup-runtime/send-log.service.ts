import type {
  FollowupSend,
  FollowupSendStatus,
  FollowupSkipReason,
  followupSendPageQuerySchema,
  KeysetPageResult,
} from '@agent-console/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { followupSends } from '../../../db/schema';
import { keptKeysetSource, keptListStatements } from '../../../http/kept-keyset-source';
import { type KeysetSpec, keysetPage } from '../../../http/keyset';
import { ListConditions } from '../../../http/list-conditions';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';
import { accountLabelsToJoin } from '../../messaging/account/account.repo';
import { contactsToJoin } from '../../messaging/contact/contact.repo';
import { messagesToJoin } from '../../messaging/outbox/message.repo';
import { assertOwnInScope } from './owner-scope';

type Query = z.infer<typeof followupSendPageQuerySchema>;

/** The log's rows: of the strategy or of the robot asked for, once it is known to be the caller's. */
async function ownerOf(db: Db, auth: AuthContext, q: Query): Promise<ListConditions> {
  if (q.strategyId) {
    await assertOwnInScope(db, auth, { strategyId: q.strategyId });
    return new ListConditions().when('strategyId', q.strategyId, (p) => eq(followupSends.strategyId, p));
  }
  if (!q.robotId) throw AppError.notFound();
  await assertOwnInScope(db, auth, { robotId: q.robotId });
  return new ListConditions().when('robotId', q.robotId, (p) => eq(followupSends.robotId, p));
}

const STATEMENTS = keptListStatements('followup_send');
const contact = contactsToJoin;
const message = messagesToJoin;

/** The status a person reads: held back at send time, or the queued message's own. */
const statusOf = sql<string>`case when ${followupSends.status} = 'skipped' then 'skipped'
  else coalesce(${message.status}, 'failed') end`;

const KEYSET: KeysetSpec = {
  columns: { plannedAt: followupSends.plannedAt },
  id: followupSends.id,
  fallback: { field: 'plannedAt', direction: 'desc' },
};

/**
 * A page of one strategy's or one robot's send log, newest first: who, which step, what, when
 * planned and sent, and the result with its reason (the send's or the message's).
 */
export async function pageSends(db: Db, auth: AuthContext, q: Query): Promise<KeysetPageResult<FollowupSend>> {
  const where = (await ownerOf(db, auth, q)).when('status', q.status, (p) => sql`${statusOf} = ${p}`);
  return keysetPage(
    KEYSET,
    q,
    keptKeysetSource({
      db,
      statements: STATEMENTS,
      where,
      query: (page, cappedCount) =>
        db
          .select({
            id: followupSends.id,
            strategyId: followupSends.strategyId,
            strategyName: followupSends.strategyName,
            robotId: followupSends.robotId,
            accountId: followupSends.accountId,
            // The nickname, else the account (never null, so a further fallback to the wcId is never reached).
            accountName: accountLabelsToJoin.name,
            contactId: followupSends.contactId,
            contactName: sql<string>`coalesce(nullif(${contact.nickname}, ''), ${contact.wcId}, '')`,
            wcId: sql<string>`coalesce(${contact.wcId}, '')`,
            step: followupSends.step,
            type: sql<string>`coalesce(${message.type}, 'text')`,
            preview: sql<string>`coalesce(case when ${message.type} = 'text' then left(${message.content}, 200)
            else ${message.fileName} end, '')`,
            status: statusOf,
            skipReason: sql<
              string | null
            >`case when ${followupSends.status} = 'skipped' then ${followupSends.reason} end`,
            reason: sql<
              string | null
            >`case when ${followupSends.status} = 'skipped' then null else ${message.reason} end`,
            plannedAt: followupSends.plannedAt,
            sentAt: message.sentAt,
            sortKey: page.sortKey,
            cappedCount,
          })
          .from(followupSends)
          .innerJoin(accountLabelsToJoin, eq(accountLabelsToJoin.id, followupSends.accountId))
          .leftJoin(contact, eq(contact.id, followupSends.contactId))
          .leftJoin(message, eq(message.id, followupSends.messageId))
          .where(and(where.condition, page.where))
          .orderBy(...page.orderBy)
          .limit(page.limit)
          .offset(page.offset),
      toDto: ({ sortKey: _, cappedCount: __, ...r }) => ({
        ...r,
        status: r.status as FollowupSendStatus,
        skipReason: r.skipReason as FollowupSkipReason | null,
        plannedAt: r.plannedAt.toISOString(),
        sentAt: r.sentAt ? r.sentAt.toISOString() : null,
      }),
      // Capped like every log; the status filter lives on the message, hence the join.
      countRows: (condition) =>
        db
          .select({ one: sql`1` })
          .from(followupSends)
          .leftJoin(message, eq(message.id, followupSends.messageId))
          .where(condition),
    }),
  );
}
