import type {
  PageResult,
  VisitorConversation,
  VisitorReply,
  VisitorTranscript,
  visitorConversationPageQuerySchema,
} from '@agent-console/contracts';
import { and, count, desc, eq, ilike, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { containsPattern } from '../../../db/like';
import { sortedPage } from '../../../http/paging';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';
import { answerCountOf } from '../../agent/answer/answer.repo';
import { storedTurns } from '../../agent/answer/conversations';
import { clearNeedsPerson, conversationsToJoin as conversations } from '../../agent/conversation/conversation.repo';
import { loadApp } from '../../config/app-config/app.service';
import { addReply, repliesOf } from './visitor-replies';

/** What a widget conversation's `external_key` starts with; the visitor's id follows. */
export const VISITOR_KEY_PREFIX = 'widget:';
/** Characters of a visitor's id the console shows: enough to tell visitors apart, not to be one. */
const VISITOR_SHOWN = 8;

const columns = {
  id: conversations.id,
  externalKey: conversations.externalKey,
  origin: conversations.origin,
  title: conversations.title,
  answers: answerCountOf(conversations.id),
  needsPersonAt: conversations.needsPersonAt,
  lastMessageAt: conversations.lastMessageAt,
  createdAt: conversations.createdAt,
};

type Row = {
  id: number;
  externalKey: string | null;
  origin: string | null;
  title: string;
  answers: number;
  needsPersonAt: Date | null;
  lastMessageAt: Date | null;
  createdAt: Date;
};

function toConversation(row: Row): VisitorConversation {
  return {
    id: row.id,
    visitor: (row.externalKey ?? '').slice(VISITOR_KEY_PREFIX.length, VISITOR_KEY_PREFIX.length + VISITOR_SHOWN),
    origin: row.origin,
    title: row.title,
    answers: Number(row.answers),
    needsPersonAt: row.needsPersonAt?.toISOString() ?? null,
    lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The website widget's conversations of one app (issue 36), for the app's people: the app must be
 * in the caller's data scope (its customer), as for everything else of the app.
 */
export async function pageVisitorConversations(
  db: Db,
  auth: AuthContext,
  q: z.output<typeof visitorConversationPageQuerySchema>,
): Promise<PageResult<VisitorConversation>> {
  await loadApp(db, auth, q.appId);
  const where = and(
    eq(conversations.appId, q.appId),
    eq(conversations.channel, 'widget'),
    q.needsPerson ? isNotNull(conversations.needsPersonAt) : undefined,
    q.origin ? ilike(conversations.origin, containsPattern(q.origin)) : undefined,
  );
  return sortedPage(db, q, {
    select: db.select(columns).from(conversations),
    where,
    count: db.select({ n: count() }).from(conversations).where(where),
    sortable: { lastMessageAt: conversations.lastMessageAt, createdAt: conversations.createdAt },
    fallback: [sql`${conversations.lastMessageAt} desc nulls last`, desc(conversations.id)],
    toDto: toConversation,
  });
}

/** A widget conversation of an app in the caller's scope; not found otherwise. */
async function loadVisitorConversation(db: Db, auth: AuthContext, id: number) {
  const [row] = await db
    .select({ ...columns, appId: conversations.appId })
    .from(conversations)
    .where(and(eq(conversations.id, id), eq(conversations.channel, 'widget')));
  if (!row || row.appId === null) throw AppError.notFound();
  await loadApp(db, auth, row.appId);
  return row;
}

/** One widget conversation with its questions and answers. */
export async function visitorTranscript(db: Db, auth: AuthContext, id: number): Promise<VisitorTranscript> {
  const row = await loadVisitorConversation(db, auth, id);
  return { ...toConversation(row), turns: await storedTurns(db, id), replies: await repliesOf(db, id) };
}

/** A person writes to a visitor: the widget shows it, and the conversation no longer waits. */
export async function replyToVisitor(
  db: Db,
  auth: AuthContext,
  input: { conversationId: number; content: string },
): Promise<VisitorReply> {
  await loadVisitorConversation(db, auth, input.conversationId);
  return addReply(db, { ...input, userId: auth.userId });
}

/**
 * A person has dealt with a visitor's conversation that waited for them (read it, wrote to the
 * visitor by the contact details they left): it no longer counts as waiting. The visitor's next
 * question that finds nothing flags it again.
 */
export async function markVisitorHandled(db: Db, auth: AuthContext, id: number): Promise<VisitorConversation> {
  const row = await loadVisitorConversation(db, auth, id);
  await clearNeedsPerson(db, id);
  return { ...toConversation(row), needsPersonAt: null };
}
