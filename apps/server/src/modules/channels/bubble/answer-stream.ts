import { AGENT_CHAT_CONVERSATION_HEADER, type AgentChatDone, errorMessage } from '@agent-console/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { lazyEventStream } from '../../../http/event-stream';
import type { AgentDeps } from '../../agent/answer/agent';
import { conversationTurns, respond } from '../../agent/answer/conversations';
import { openConversation } from '../../agent/conversation/conversation.repo';

export interface BubbleCall {
  userId: number;
  customerId: number;
  appId: number;
  message: string;
  /** Continue this conversation (already checked to be the caller's); a new one when absent. */
  conversationId?: number;
}

/**
 * Answers one question of the bubble as server-sent events: each piece of the answer as the
 * pipeline writes it (`delta`), then `done` with what the answer was drawn from once it is stored.
 * The pipeline reads the conversation so far plus the new question. A failure before the first
 * event is thrown, so the caller gets a JSON error envelope; one after it can only be told in the
 * stream (`error`). A client that hangs up stops the LLM.
 */
export async function streamAnswer(
  deps: AgentDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  call: BubbleCall,
): Promise<FastifyReply> {
  const { customerId, appId, message } = call;
  const history = call.conversationId ? await conversationTurns(deps.db, call.conversationId) : [];
  const conversationId =
    call.conversationId ??
    (await openConversation(deps.db, { customerId, appId, channel: 'bubble', userId: call.userId }, message));
  // Sent with the stream's headers: a client that stops reading early still knows which
  // conversation its question went to, and can read the stored answer back.
  reply.header(AGENT_CHAT_CONVERSATION_HEADER, String(conversationId));
  const stream = lazyEventStream(reply);
  let result: Awaited<ReturnType<typeof respond>>;
  try {
    result = await respond(deps, {
      customerId,
      appId,
      messages: [...history, { role: 'user', content: message }],
      conversationId,
      channel: 'bubble',
      question: message,
      signal: stream.hangUp,
      onDelta: (piece) => stream.send('delta', { text: piece }),
    });
  } catch (err) {
    if (!stream.opened) throw err;
    if (stream.hangUp.aborted) request.log.info({ conversationId }, 'bubble answer stopped: the client hung up');
    else request.log.error({ err, conversationId }, 'bubble answer failed while streaming');
    stream.send('error', { code: 'B0001', message: errorMessage('B0001', request.lang) });
    stream.end();
    return reply;
  }
  const { answer, answerId } = result;
  const done: AgentChatDone = {
    conversationId,
    answerId,
    step: answer.step,
    needsPerson: answer.needsPerson,
    sources: answer.sources,
    usage: answer.usage,
    latencyMs: answer.latencyMs,
  };
  stream.send('done', done);
  stream.end();
  return reply;
}
