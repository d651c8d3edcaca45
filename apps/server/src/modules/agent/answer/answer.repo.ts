import { and, eq, inArray } from 'drizzle-orm';
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
