import type { AgentChatConversation, AnswerSource, AnswerStep } from '@agent-console/contracts';
import { create } from 'zustand';

/** One question and its answer as the window shows it. */
export interface ChatTurn {
  /** Local key: the stored answer's id once known, otherwise a counter. */
  key: string;
  question: string;
  /** The answer so far while it streams; the whole answer once done. */
  answer: string;
  /**
   * streaming: pieces are arriving; done: stored; failed: refused or broke off (`error` says why);
   * stopped: the window was closed while it streamed (the server may still have stored it).
   */
  status: 'streaming' | 'done' | 'failed' | 'stopped';
  answerId?: number;
  step?: AnswerStep;
  needsPerson: boolean;
  sources: AnswerSource[];
  error?: string;
}

interface ChatState {
  /** Whose conversation this is; another user signing in on this page starts from nothing. */
  userId: number | null;
  /** The server's latest conversation has been read (once per page load and user). */
  restored: boolean;
  /** A stream was stopped: read the conversation back from the server when the window opens. */
  resync: boolean;
  customerId: number | null;
  appId: number | null;
  conversationId: number | null;
  turns: ChatTurn[];
  /** What the user typed and has not sent, kept while the window is closed. */
  draft: string;
  forUser(userId: number): void;
  pick(customerId: number | null, appId: number | null): void;
  newConversation(): void;
  setDraft(draft: string): void;
  adopt(conversation: NonNullable<AgentChatConversation>): void;
  set(patch: Partial<Pick<ChatState, 'restored' | 'resync' | 'conversationId' | 'turns'>>): void;
  updateTurn(key: string, patch: Partial<ChatTurn> | ((turn: ChatTurn) => Partial<ChatTurn>)): void;
}

const EMPTY = {
  restored: false,
  resync: false,
  customerId: null,
  appId: null,
  conversationId: null,
  turns: [] as ChatTurn[],
  draft: '',
};

/** Turns of a stored conversation. */
export function storedTurns(conversation: NonNullable<AgentChatConversation>): ChatTurn[] {
  return conversation.turns.map((turn) => ({
    key: `a${turn.answerId}`,
    question: turn.question,
    answer: turn.answer,
    status: 'done',
    answerId: turn.answerId,
    step: turn.step,
    needsPerson: turn.needsPerson,
    sources: turn.sources,
  }));
}

/**
 * The bubble's conversation, outside the window's components: closing the window unmounts them,
 * and the conversation (and the unsent draft) must be there when it opens again.
 */
export const useChatStore = create<ChatState>((set) => ({
  userId: null,
  ...EMPTY,
  forUser: (userId) => set((s) => (s.userId === userId ? s : { ...EMPTY, userId })),
  pick: (customerId, appId) =>
    set((s) =>
      s.customerId === customerId && s.appId === appId
        ? s
        : // A conversation is held with one app: another app starts a new one.
          { customerId, appId, conversationId: null, turns: [], resync: false },
    ),
  newConversation: () => set({ conversationId: null, turns: [], resync: false }),
  setDraft: (draft) => set({ draft }),
  adopt: (conversation) =>
    set({
      customerId: conversation.customerId,
      appId: conversation.appId,
      conversationId: conversation.id,
      turns: storedTurns(conversation),
    }),
  set: (patch) => set(patch),
  updateTurn: (key, patch) =>
    set((s) => ({
      turns: s.turns.map((turn) =>
        turn.key === key ? { ...turn, ...(typeof patch === 'function' ? patch(turn) : patch) } : turn,
      ),
    })),
}));
