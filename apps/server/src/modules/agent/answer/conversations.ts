import type { AgentChatTurn, AnswerSource, AnswerStep, ConversationChannel } from '@agent-console/contracts';
import { asc, desc, eq } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/client';
import { agentAnswers } from '../../../db/schema';
import { nowOf } from '../../../lib/clock';
import { noteAnswer } from '../conversation/conversation.repo';
import { answer } from './agent';
import type { AgentAnswer, AgentDeps, AgentMessage, AnswerRequest } from './agent-types';

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
  await noteAnswer(db, input.conversationId, input.answer.needsPerson);
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
  // The answer and its conversation's state (last message, "needs a person") land together or not at all.
  const answerId = await deps.db.transaction((tx) =>
    recordAnswer(tx, {
      conversationId: input.conversationId,
      customerId: input.customerId,
      appId: input.appId,
      channel: input.channel,
      question: input.question,
      answer: result,
      at: nowOf(deps),
    }),
  );
  if (answerId === null) throw new Error('answer without a trigger was refused as a duplicate');
  return { answer: result, answerId };
}
