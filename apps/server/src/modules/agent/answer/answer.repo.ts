import { type AnyColumn, and, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client';
import { agentAnswers } from '../../../db/schema';

/** Other features read and write this feature's tables through these functions, never through the tables (issue 35). */

/** Whether the agent has answered this incoming message already (an answer records its trigger message). */
export async function isMessageAnswered(exec: Executor, triggerMessageId: number): Promise<boolean> {
  const [row] = await exec
    .select({ id: agentAnswers.id })
    .from(agentAnswers)
    .where(eq(agentAnswers.triggerMessageId, triggerMessageId));
  return row !== undefined;
}

/** Records the message that carried an answer to the contact. */
export async function setAnswerReplyMessage(exec: Executor, answerId: number, replyMessageId: number): Promise<void> {
  await exec.update(agentAnswers).set({ replyMessageId }).where(eq(agentAnswers.id, answerId));
}

/** The answers of a conversation that were carried by these reply messages: step, sources and whether a person was asked for. */
export function answersRepliedWith(
  exec: Executor,
  conversationId: number,
  replyMessageIds: number[],
): Promise<Pick<typeof agentAnswers.$inferSelect, 'replyMessageId' | 'step' | 'sources' | 'needsPerson'>[]> {
  return exec
    .select({
      replyMessageId: agentAnswers.replyMessageId,
      step: agentAnswers.step,
      sources: agentAnswers.sources,
      needsPerson: agentAnswers.needsPerson,
    })
    .from(agentAnswers)
    .where(and(eq(agentAnswers.conversationId, conversationId), inArray(agentAnswers.replyMessageId, replyMessageIds)));
}

/** The answer an agent's reply carried: whether it asked for a person, and the question (the metrics roll-ups). */
export async function answerCarriedBy(
  exec: Executor,
  replyMessageId: number,
): Promise<{ needsPerson: boolean; question: string } | undefined> {
  const [row] = await exec
    .select({ needsPerson: agentAnswers.needsPerson, question: agentAnswers.question })
    .from(agentAnswers)
    .where(eq(agentAnswers.replyMessageId, replyMessageId))
    .limit(1);
  return row;
}

/**
 * Answer units of a customer in [from, to): what the monthly quota meters (config/usage plugs it
 * into its guard). A range read of the answers' (customer_id, created_at) index.
 */
export async function answerUnitsIn(
  exec: Executor,
  customerId: number,
  period: { from: Date; to: Date },
): Promise<number> {
  const [row] = await exec
    .select({ used: sql<string | number | null>`sum(${agentAnswers.units})` })
    .from(agentAnswers)
    .where(
      and(
        eq(agentAnswers.customerId, customerId),
        gte(agentAnswers.createdAt, period.from),
        lt(agentAnswers.createdAt, period.to),
      ),
    );
  return Number(row?.used ?? 0);
}

/**
 * What an answer costs (customer, app, units, tokens, when) as a subquery to sum over, for the
 * usage report (Postgres flattens it: the plan is that of the table itself).
 */
export const answerUsageToJoin = new QueryBuilder()
  .select({
    customerId: agentAnswers.customerId,
    appId: agentAnswers.appId,
    units: agentAnswers.units,
    promptTokens: agentAnswers.promptTokens,
    completionTokens: agentAnswers.completionTokens,
    createdAt: agentAnswers.createdAt,
  })
  .from(agentAnswers)
  .as('answer_usage');

/**
 * Usage counts what was delivered (docs/usage.md): the answers behind these reply messages, which
 * will never be sent, use no unit.
 */
export async function unbillReplies(exec: Executor, replyMessageIds: readonly number[]): Promise<void> {
  if (!replyMessageIds.length) return;
  await exec
    .update(agentAnswers)
    .set({ units: 0 })
    .where(inArray(agentAnswers.replyMessageId, [...replyMessageIds]));
}

/**
 * How many answers the conversation `conversationId` names holds (those stored up to `upTo` only,
 * when given), as a correlated subquery, so a list stays one query. Columns sit in nested SQL so
 * that they stay qualified in a one-table select.
 */
export function answerCountOf(conversationId: AnyColumn, upTo?: AnyColumn): SQL<number> {
  const of = sql`${agentAnswers.conversationId} = ${conversationId}`;
  const upToThen = upTo ? sql` and ${agentAnswers.createdAt} <= ${upTo}` : sql``;
  return sql<number>`(select count(*)::int from ${agentAnswers} where ${of}${upToThen})`;
}
