import {
  AGENT_CHAT_CONVERSATION_HEADER,
  type AgentChatDone,
  type AgentChatRequest,
  agentChatDeltaSchema,
  agentChatDoneSchema,
  agentChatErrorSchema,
} from '@agent-console/contracts';
import { AGENT_CHAT_ROUTES as R } from '@agent-console/contracts/agent-chat';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api/call';
import { ApiError, apiHeaders, networkFailure, settle } from '../api/client';
import { readEventStream } from '../api/event-stream';
import i18n from '../i18n';
import { logError } from '../log/log-store';

export const agentChatApi = {
  apps: () => call(R.apps, {}, { silent: true }),
  conversation: (conversationId?: number) =>
    call(R.conversation, { query: conversationId ? { conversationId } : {} }, { silent: true }),
};

/** The customers and apps the bubble's picker offers (any signed-in user; bounded by their scope). */
export function useAgentChatApps(enabled: boolean) {
  return useQuery({ queryKey: ['agent-chat', 'apps'], queryFn: agentChatApi.apps, enabled });
}

export interface AgentChatStream {
  /** Each piece of the answer as it arrives. */
  onDelta(text: string): void;
  /** The conversation the question went to, as soon as the answer starts (before the first piece). */
  onConversation(conversationId: number): void;
  signal: AbortSignal;
}

/**
 * POST /ai-role/chat: asks and reads the answer's server-sent events as they arrive. Resolves with
 * the final event once the answer is stored. A refusal (a JSON envelope) or a failure in the
 * stream rejects with an ApiError that is already in the front-end log; the caller shows it in
 * place, so nothing is toasted. Aborting rejects with the AbortError and logs nothing.
 */
export async function streamAgentChat(body: AgentChatRequest, handlers: AgentChatStream): Promise<AgentChatDone> {
  const url = R.ask.path;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { ...apiHeaders(), 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify(body),
      signal: handlers.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    return networkFailure(url, { silent: true });
  }
  if (!(response.headers.get('content-type') ?? '').startsWith('text/event-stream') || !response.body) {
    await settle(response, url, { silent: true });
    // A success that is not a stream: nothing this client can show.
    throw broken(url, response.status);
  }
  const conversationId = Number(response.headers.get(AGENT_CHAT_CONVERSATION_HEADER));
  if (Number.isInteger(conversationId) && conversationId > 0) handlers.onConversation(conversationId);

  let done: AgentChatDone | null = null;
  let failure: ApiError | null = null;
  try {
    await readEventStream(response.body, ({ event, data }) => {
      const value = parse(data);
      if (event === 'delta') {
        const delta = agentChatDeltaSchema.safeParse(value);
        if (delta.success) handlers.onDelta(delta.data.text);
      } else if (event === 'done') {
        const parsed = agentChatDoneSchema.safeParse(value);
        if (parsed.success) done = parsed.data;
      } else if (event === 'error') {
        const parsed = agentChatErrorSchema.safeParse(value);
        failure = parsed.success
          ? new ApiError(parsed.data.code, parsed.data.message, null, response.status)
          : broken(url, response.status, false);
      }
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError' || handlers.signal.aborted) throw err;
    failure = broken(url, response.status, false);
  }
  const failed = failure as ApiError | null;
  if (failed) {
    logError(failed.message, { url, code: failed.code });
    throw failed;
  }
  if (!done) throw broken(url, response.status);
  return done;
}

function parse(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return null;
  }
}

/** The answer broke off without saying why; logged unless the caller logs it. */
function broken(url: string, status: number, log = true): ApiError {
  const error = new ApiError('BROKEN', i18n.t('shell:chat.errors.brokeOff'), null, status);
  if (log) logError(error.message, { url, code: error.code });
  return error;
}
