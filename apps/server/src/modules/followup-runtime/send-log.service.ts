import type {
  FollowupSend,
  FollowupSendStatus,
  FollowupSkipReason,
  followupSendPageQuerySchema,
  KeysetPageResult,
} from '@agent-console/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { chatAccounts, chatContacts, chatMessages, followupSends } from '../../db/schema';
import { type KeysetSpec, keysetPage } from '../../http/keyset';
import { countCappedRows } from '../../http/paging';
import type { AuthContext } from '../../http/request-context';
import { AppError } from '../../lib/app-error';
import { assertOwnInScope } from './owner-scope';

type Query = z.infer<typeof followupSendPageQuerySchema>;

/** The log's rows: of the strategy or of the robot asked for, once it is known to be the caller's. */
async function ownerOf(db: Db, auth: AuthContext, q: Query): Promise<SQL> {
  if (q.strategyId) {
    await assertOwnInScope(db, auth, { strategyId: q.strategyId });
    return eq(followupSends.strategyId, q.strategyId);
  }
  if (!q.robotId) throw AppError.notFound();
  await assertOwnInScope(db, auth, { robotId: q.robotId });
  return eq(followupSends.robotId, q.robotId);
}

/** The status a person reads: held back at send time, or the queued message's own. */
const statusOf = sql<string>`case when ${followupSends.status} = 'skipped' then 'skipped'
  else coalesce(${chatMessages.status}, 'failed') end`;

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
  const of = await ownerOf(db, auth, q);
  const where = and(of, q.status ? sql`${statusOf} = ${q.status}` : undefined);
  return keysetPage(KEYSET, q, {
    rows: (page) =>
      db
        .select({
          id: followupSends.id,
          strategyId: followupSends.strategyId,
          strategyName: followupSends.strategyName,
          robotId: followupSends.robotId,
          accountId: followupSends.accountId,
          accountName: sql<string>`coalesce(nullif(${chatAccounts.nickname}, ''), ${chatAccounts.account}, ${chatAccounts.wcId})`,
          contactId: followupSends.contactId,
          contactName: sql<string>`coalesce(nullif(${chatContacts.nickname}, ''), ${chatContacts.wcId}, '')`,
          wcId: sql<string>`coalesce(${chatContacts.wcId}, '')`,
          step: followupSends.step,
          type: sql<string>`coalesce(${chatMessages.type}, 'text')`,
          preview: sql<string>`coalesce(case when ${chatMessages.type} = 'text' then left(${chatMessages.content}, 200)
            else ${chatMessages.fileName} end, '')`,
          status: statusOf,
          skipReason: sql<
            string | null
          >`case when ${followupSends.status} = 'skipped' then ${followupSends.reason} end`,
          reason: sql<
            string | null
          >`case when ${followupSends.status} = 'skipped' then null else ${chatMessages.reason} end`,
          plannedAt: followupSends.plannedAt,
          sentAt: chatMessages.sentAt,
          sortKey: page.sortKey,
        })
        .from(followupSends)
        .innerJoin(chatAccounts, eq(chatAccounts.id, followupSends.accountId))
        .leftJoin(chatContacts, eq(chatContacts.id, followupSends.contactId))
        .leftJoin(chatMessages, eq(chatMessages.id, followupSends.messageId))
        .where(and(where, page.where))
        .orderBy(...page.orderBy)
        .limit(page.limit)
        .offset(page.offset)
        .execute(page.values),
    toDto: ({ sortKey: _, ...r }) => ({
      ...r,
      status: r.status as FollowupSendStatus,
      skipReason: r.skipReason as FollowupSkipReason | null,
      plannedAt: r.plannedAt.toISOString(),
      sentAt: r.sentAt ? r.sentAt.toISOString() : null,
    }),
    // Capped like every log; the status filter lives on the message, hence the join.
    count: () =>
      countCappedRows(
        db,
        db
          .select({ one: sql`1` })
          .from(followupSends)
          .leftJoin(chatMessages, eq(chatMessages.id, followupSends.messageId))
          .where(where),
      ),
  });
}
