import type { TestApp } from '@agent-console/server/test/test-app';
import { agentAnswers, agentConversations } from '../../db/schema';

/**
 * Answers written straight to `agent_answers` with the time they were given, as the answering
 * pipeline leaves them, so usage figures can be checked against counts made in the test.
 */
export async function insertAnswers(
  t: TestApp,
  values: { customerId: number; appId: number | null; at: Date; count?: number; units?: number },
): Promise<void> {
  const [conversation] = await t.database.db
    .insert(agentConversations)
    .values({ customerId: values.customerId, appId: values.appId, channel: 'bubble', title: 'usage test' })
    .returning({ id: agentConversations.id });
  if (!conversation) throw new Error('conversation not inserted');
  const rows = Array.from({ length: values.count ?? 1 }, () => ({
    customerId: values.customerId,
    appId: values.appId,
    conversationId: conversation.id,
    channel: 'bubble',
    question: 'q',
    answer: 'a',
    step: 'qa' as const,
    latencyMs: 1,
    units: values.units ?? 1,
    promptTokens: 3,
    completionTokens: 5,
    createdAt: values.at,
  }));
  await t.database.db.insert(agentAnswers).values(rows);
}
