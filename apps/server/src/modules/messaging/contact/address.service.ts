import type {
  Contact,
  ContactLabel,
  contactPageQuerySchema,
  PageResult,
  Relationship,
  setRelationshipSchema,
} from '@agent-console/contracts';
import { and, asc, count, eq, getTableColumns, ilike, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { containsPattern } from '../../../db/like';
import { chatContacts, chatLabels } from '../../../db/schema';
import { inScope } from '../../../http/data-scope';
import { sortedPage } from '../../../http/paging';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';
import { conversationsToJoin as conversations } from '../../agent/conversation/conversation.repo';
import { accountsToJoin as accounts } from '../account/account.repo';
import { loadScopedAccount } from '../account/account-scope';

type ContactRow = typeof chatContacts.$inferSelect;
export type LiveContact = Pick<ContactRow, 'id' | 'wcId' | 'nickname' | 'type'>;

const columns = {
  ...getTableColumns(chatContacts),
  accountWcId: accounts.wcId,
  accountLogin: accounts.account,
  needsPersonAt: conversations.needsPersonAt,
  agentPaused: sql<boolean>`coalesce(${conversations.pausedUntil} > now(), false)`,
};

type ListedRow = ContactRow & {
  accountWcId: string;
  accountLogin: string;
  needsPersonAt: Date | null;
  agentPaused: boolean;
};

function toContact(row: ListedRow): Contact {
  return {
    id: row.id,
    customerId: row.customerId,
    accountId: row.accountId,
    accountWcId: row.accountWcId,
    accountLogin: row.accountLogin,
    wcId: row.wcId,
    account: row.account,
    nickname: row.nickname,
    avatar: row.avatar,
    labels: row.labels,
    type: row.type as Contact['type'],
    gender: row.gender as Contact['gender'],
    relationship: row.relationship as Relationship,
    gone: row.goneAt !== null,
    needsPerson: row.needsPersonAt !== null,
    agentPaused: row.agentPaused === true,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Contains the label name (labels are kept by name on the contact, as the gateway gave them). */
const hasLabel = (name: string) => sql`${chatContacts.labels} @> ARRAY[${name}]::text[]`;

/** A contact's conversation with the agent, if it has one (its hand-over state). */
const withConversation = eq(conversations.contactId, chatContacts.id);

/**
 * POST /address/list/page: one account's contacts, live ones unless `includeGone`. Those whose
 * conversation needs a person come first (longest waiting first), then the order asked for.
 */
export async function pageContacts(
  db: Db,
  auth: AuthContext,
  q: z.output<typeof contactPageQuerySchema>,
): Promise<PageResult<Contact>> {
  await loadScopedAccount(db, auth, q.accountId);
  const where = and(
    eq(chatContacts.accountId, q.accountId),
    q.includeGone ? undefined : isNull(chatContacts.goneAt),
    q.keyword
      ? or(
          ilike(chatContacts.nickname, containsPattern(q.keyword)),
          ilike(chatContacts.account, containsPattern(q.keyword)),
          ilike(chatContacts.wcId, containsPattern(q.keyword)),
        )
      : undefined,
    q.label ? hasLabel(q.label) : undefined,
    q.type ? eq(chatContacts.type, q.type) : undefined,
    q.relationship ? eq(chatContacts.relationship, q.relationship) : undefined,
    q.gender ? eq(chatContacts.gender, q.gender) : undefined,
    q.needsPerson ? isNotNull(conversations.needsPersonAt) : undefined,
  );
  return sortedPage(db, q, {
    select: db
      .select(columns)
      .from(chatContacts)
      .innerJoin(accounts, eq(accounts.id, chatContacts.accountId))
      .leftJoin(conversations, withConversation),
    where,
    count: db.select({ n: count() }).from(chatContacts).leftJoin(conversations, withConversation).where(where),
    first: [sql`${conversations.needsPersonAt} asc nulls last`],
    sortable: {
      createdAt: chatContacts.createdAt,
      nickname: chatContacts.nickname,
      type: chatContacts.type,
      relationship: chatContacts.relationship,
    },
    fallback: [asc(chatContacts.id)],
    toDto: toContact,
  });
}

/**
 * POST /address/setRelationship: all of the contacts are in the caller's scope (through their
 * accounts) or nothing changes; an id out of scope answers as if it did not exist.
 */
export async function setRelationship(
  db: Db,
  auth: AuthContext,
  input: z.output<typeof setRelationshipSchema>,
): Promise<{ affected: number }> {
  const ids = [...new Set(input.ids)];
  const found = await db
    .select({ id: chatContacts.id, customerId: accounts.customerId, ownerUserId: accounts.ownerUserId })
    .from(chatContacts)
    .innerJoin(accounts, eq(accounts.id, chatContacts.accountId))
    .where(inArray(chatContacts.id, ids));
  if (found.length !== ids.length || !found.every((c) => inScope(auth, c.customerId, c.ownerUserId))) {
    throw AppError.notFound();
  }
  const changed = await db
    .update(chatContacts)
    .set({ relationship: input.relationship, updatedAt: new Date() })
    .where(inArray(chatContacts.id, ids))
    .returning({ id: chatContacts.id });
  return { affected: changed.length };
}

/** GET /label/getLabelList: an account's labels with how many live contacts carry each. */
export async function listLabels(db: Db, auth: AuthContext, accountId: number): Promise<ContactLabel[]> {
  await loadScopedAccount(db, auth, accountId);
  const contactCount = sql<number>`(select count(*)::int from ${chatContacts}
    where ${chatContacts.accountId} = ${chatLabels.accountId} and ${chatContacts.goneAt} is null
      and ${chatContacts.labels} @> ARRAY[${chatLabels.name}]::text[])`;
  const rows = await db
    .select({ id: chatLabels.id, name: chatLabels.name, contactCount })
    .from(chatLabels)
    .where(eq(chatLabels.accountId, accountId))
    .orderBy(asc(chatLabels.name), asc(chatLabels.id));
  return rows.map((r) => ({ id: r.id, name: r.name, contactCount: Number(r.contactCount) }));
}

/**
 * The live (not gone) contacts of an account among `ids`, for the message module: recipients
 * must all be among them. The caller has already checked the account's scope.
 */
export async function liveContactsOf(db: Db, accountId: number, ids: number[]): Promise<LiveContact[]> {
  if (!ids.length) return [];
  return db
    .select({ id: chatContacts.id, wcId: chatContacts.wcId, nickname: chatContacts.nickname, type: chatContacts.type })
    .from(chatContacts)
    .where(and(eq(chatContacts.accountId, accountId), isNull(chatContacts.goneAt), inArray(chatContacts.id, ids)));
}
