/**
 * The answering pipeline's contract (WAVE2 §15.5). The app API, the chat bubble and auto-replies
 * all call `answer()` with these shapes; issue 16 adds the LLM, stored conversations and usage
 * behind the same call.
 */

/** One turn of a conversation, as plain text. */
export interface AgentMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface AnswerRequest {
  /** Whose knowledge answers: the app's customer. */
  customerId: number;
  /** The app answering; its `agent` configuration is read for this answer. */
  appId: number;
  /** The conversation so far; the last user turn is the question. */
  messages: readonly AgentMessage[];
}

/** What an answer was drawn from. */
export type AnswerSource =
  | { kind: 'qa'; qaId: number; question: string; score: number }
  | { kind: 'document'; fileId: number; name: string; fragmentIds: number[]; score: number };

/** Which step of the pipeline answered. */
export type AnswerStep = 'qa' | 'knowledge' | 'fallback';

export interface AgentAnswer {
  content: string;
  sources: AnswerSource[];
  /** Nothing relevant was found: a person should take over this conversation. */
  needsPerson: boolean;
  step: AnswerStep;
}
