import type {
  AgentChatTurn,
  AnswerSource,
  AnswerStep,
  ConversationChannel,
  NeedsPersonReason,
} from '@agent-console/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/client';
import { agentAnswers, agentConversations } from '../../../db/schema';
import { nowOf } from '../../../lib/clock';
import { answer } from './agent';
import type { AgentAnswer, AgentDeps, AgentMessage, AnswerRequest } from './agent-types';

/** Who a conversation is with (WAVE2 §15.5: every answer is stored with its conversation). */
export interface ConversationRef {
  customerId: number;
  appId: number | null;
  channel: ConversationChannel;
  /** bubble: the staff member. */
  userId?: number;
  /** contact: the messaging account and the contact (one conversation per contact). */
  accountId?: number;
  contactId?: number;
  /** api: the caller's `user` field (one conversation per app and end user); widget: the visitor. */
  externalKey?: string;
  /** widget: the web page's origin the visitor writes from. */
  origin?: string;
}

/** Longest title kept: the first question, as a person sees it in a list. */
const TITLE_MAX = 80;

/**
 * The conversation of a contact, or of an app's end user, created on first use; a bubble thread
 * is new each time it is opened without an id. Concurrent first uses make one row (the unique
 * indexes decide, and the loser reads the winner's).
 */
export async function openConversation(db: Db, ref: ConversationRef, title = ''): Promise<number> {
  const values = {
    customerId: ref.customerId,
    appId: ref.appId,
    channel: ref.channel,
    userId: ref.userId ?? null,
    accountId: ref.accountId ?? null,
    contactId: ref.contactId ?? null,
    externalKey: ref.externalKey ?? null,
    origin: ref.origin ?? null,
    title: [...title.trim()].slice(0, TITLE_MAX).join(''),
  };
  if (ref.contactId === undefined && ref.externalKey === undefined) {
    const [row] = await db.insert(agentConversations).values(values).returning({ id: agentConversations.id });
    return (row as { id: number }).id;
  }
  const [inserted] = await db
    .insert(agentConversations)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: agentConversations.id });
  if (inserted) return inserted.id;
  const existing =
    ref.contactId === undefined
      ? await conversationOfKey(db, ref.appId ?? 0, ref.externalKey ?? '')
      : await conversationOfContact(db, ref.contactId);
  if (existing === null) throw new Error('conversation vanished between insert and read');
  return existing;
}

async function conversationOfContact(db: Db, contactId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: agentConversations.id })
    .from(agentConversations)
    .where(eq(agentConversations.contactId, contactId));
  return row?.id ?? null;
}

/** The conversation of an app's end user (an API caller's `user`, a widget visitor), if there is one yet. */
export async function conversationOfKey(db: Db, appId: number, externalKey: string): Promise<number | null> {
  const [row] = await db
    .select({ id: agentConversations.id })
    .from(agentConversations)
    .where(and(eq(agentConversations.appId, appId), eq(agentConversations.externalKey, externalKey)));
  return row?.id ?? null;
}

/** The one conversation of a contact of a messaging account, created on first use. */
export function openContactConversation(
  db: Db,
  account: { id: number; customerId: number; appId: number | null },
  contact: { id: number; nickname: string },
): Promise<number> {
  return openConversation(
    db,
    {
      customerId: account.customerId,
      appId: account.appId,
      channel: 'contact',
      accountId: account.id,
      contactId: contact.id,
    },
    contact.nickname,
  );
}

export interface RecordInput {
  conversationId: number;
  customerId: number;
  appId: number | null;
  channel: ConversationChannel;
  question: string;
  answer: AgentAnswer;
  /** contact: the incoming message answered; a second answer to it is not recorded (null returned). */
  triggerMessageId?: number;
  replyMessageId?: number;
  /** When it was answered: the month it is metered in (the deps' clock). */
  at: Date;
}

/**
 * Stores one answer with its sources, latency and usage, and brings its conversation up to date:
 * its last message time, and the "needs a person" flag raised by a fallback (kept until a person
 * deals with it). Runs in the caller's transaction when given one. Answers the answer's id, or
 * null when its trigger message was answered already.
 */
export async function recordAnswer(db: Executor, input: RecordInput): Promise<number | null> {
  const [row] = await db
    .insert(agentAnswers)
    .values({
      customerId: input.customerId,
      appId: input.appId,
      conversationId: input.conversationId,
      channel: input.channel,
      triggerMessageId: input.triggerMessageId ?? null,
      replyMessageId: input.replyMessageId ?? null,
      question: input.question,
      answer: input.answer.content,
      sources: input.answer.sources,
      step: input.answer.step,
      needsPerson: input.answer.needsPerson,
      latencyMs: input.answer.latencyMs,
      units: input.answer.usage.units,
      promptTokens: input.answer.usage.promptTokens,
      completionTokens: input.answer.usage.completionTokens,
      createdAt: input.at,
    })
    .onConflictDoNothing()
    .returning({ id: agentAnswers.id });
  if (!row) return null;
  await db
    .update(agentConversations)
    .set({
      lastMessageAt: sql`now()`,
      updatedAt: sql`now()`,
      ...(input.answer.needsPerson
        ? {
            needsPersonAt: sql`coalesce(${agentConversations.needsPersonAt}, now())`,
            needsPersonReason: 'noAnswer' satisfies NeedsPersonReason,
          }
        : {}),
    })
    .where(eq(agentConversations.id, input.conversationId));
  return row.id;
}

/** A stored thread (bubble, api) as turns: each answer's question and answer, oldest first. */
export async function conversationTurns(db: Db, conversationId: number, limit = 50): Promise<AgentMessage[]> {
  const rows = await db
    .select({ question: agentAnswers.question, answer: agentAnswers.answer })
    .from(agentAnswers)
    .where(eq(agentAnswers.conversationId, conversationId))
    .orderBy(desc(agentAnswers.id))
    .limit(limit);
  return rows.reverse().flatMap((r) => [
    { role: 'user' as const, content: r.question },
    { role: 'assistant' as const, content: r.answer },
  ]);
}

/** Answers in a conversation, oldest first (the bubble's history, the conversation view). */
export function conversationAnswers(db: Db, conversationId: number) {
  return db
    .select()
    .from(agentAnswers)
    .where(eq(agentAnswers.conversationId, conversationId))
    .orderBy(asc(agentAnswers.id));
}

/** A conversation's questions and stored answers, oldest first, as the bubble and the console show them. */
export async function storedTurns(db: Db, conversationId: number): Promise<AgentChatTurn[]> {
  const answers = await conversationAnswers(db, conversationId);
  return answers.map((a) => ({
    answerId: a.id,
    question: a.question,
    answer: a.answer,
    step: a.step as AnswerStep,
    needsPerson: a.needsPerson,
    sources: a.sources as AnswerSource[],
    createdAt: a.createdAt.toISOString(),
  }));
}

/**
 * Answers and stores the answer: the one call of the bubble and the app API. (Auto-replies to
 * contacts answer and record in two steps, so the pause check and the queued reply sit in the
 * transaction that records it.)
 */
export async function respond(
  deps: AgentDeps,
  input: AnswerRequest & { conversationId: number; channel: ConversationChannel; question: string },
): Promise<{ answer: AgentAnswer; answerId: number }> {
  const result = await answer(deps, input);
  const answerId = await recordAnswer(deps.db, {
    conversationId: input.conversationId,
    customerId: input.customerId,
    appId: input.appId,
    channel: input.channel,
    question: input.question,
    answer: result,
    at: nowOf(deps),
  });
  if (answerId === null) throw new Error('answer without a trigger was refused as a duplicate');
  return { answer: result, answerId };
}
