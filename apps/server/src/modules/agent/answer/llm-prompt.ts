import type { Language } from '@agent-console/contracts';
import type { LlmChatMessage } from '../../../integrations/llm';
import type { AgentMessage } from './agent-types';
import { NO_ANSWER } from './grounding';

const RULES: Record<Language, string> = {
  en: `Answer the customer using only the knowledge below. If it does not hold the answer, reply with exactly ${NO_ANSWER} and nothing else. Answer in the language of the customer.`,
  'zh-chs': `只根据下面的知识回答客户。如果知识中没有答案，只回复 ${NO_ANSWER}，不要写其他内容。用客户的语言回答。`,
  'zh-cht': `只根據下面的知識回答客戶。如果知識中沒有答案，只回覆 ${NO_ANSWER}，不要寫其他內容。用客戶的語言回答。`,
  ja: `以下のナレッジだけを使ってお客様に回答してください。答えが含まれていない場合は ${NO_ANSWER} とだけ返してください。お客様の言語で回答してください。`,
};

const SMALL_TALK: Record<Language, string> = {
  en: 'The customer is greeting you or making small talk. Reply briefly and warmly in their language, and offer help. State no facts about products, prices or policies.',
  'zh-chs':
    '客户在打招呼或闲聊。请用客户的语言简短、友好地回复，并表示乐意帮忙。不要陈述任何关于产品、价格或政策的事实。',
  'zh-cht':
    '客戶在打招呼或閒聊。請用客戶的語言簡短、友好地回覆，並表示樂意幫忙。不要陳述任何關於產品、價格或政策的事實。',
  ja: 'お客様は挨拶または雑談をしています。お客様の言語で短く丁寧に返し、お手伝いを申し出てください。製品・価格・規約についての事実は述べないでください。',
};

const STANDALONE =
  'Rewrite the last user message as one standalone question that can be understood without the conversation, in the language of that message. Reply with the question only.';

/** The conversation's turns the model sees: the last `maxHistory` before the question, then it. */
function conversation(messages: readonly AgentMessage[], maxHistory: number): LlmChatMessage[] {
  // A caller's system turns are kept out: the main prompt is the app's, not the caller's.
  const turns = messages.filter((m) => m.role !== 'system' && m.content.trim());
  const history = maxHistory > 0 ? turns.slice(0, -1).slice(-maxHistory) : [];
  const last = turns.at(-1);
  return [...history, ...(last ? [last] : [])].map((m) => ({ role: m.role, content: m.content }));
}

/**
 * What the LLM is sent to answer (WAVE2 §15.5 step 2, issue 33): the app's main prompt, the rules
 * (answer only from the knowledge, or the NO_ANSWER signal), the knowledge as numbered blocks
 * (llm-context.ts), then the last `maxHistory` turns of the conversation ending with the question.
 */
export function llmMessages(input: {
  mainPrompt: string;
  lang: Language;
  knowledge: readonly string[];
  messages: readonly AgentMessage[];
  maxHistory: number;
}): LlmChatMessage[] {
  const knowledge = input.knowledge.map((text, i) => `[${i + 1}] ${text}`).join('\n\n');
  const system = [input.mainPrompt.trim(), RULES[input.lang], `Knowledge:\n${knowledge}`].filter(Boolean).join('\n\n');
  return [{ role: 'system', content: system }, ...conversation(input.messages, input.maxHistory)];
}

/** A greeting or small talk: answered briefly in the app's voice, with no knowledge and no facts. */
export function smallTalkMessages(input: {
  mainPrompt: string;
  lang: Language;
  messages: readonly AgentMessage[];
  maxHistory: number;
}): LlmChatMessage[] {
  const system = [input.mainPrompt.trim(), SMALL_TALK[input.lang]].filter(Boolean).join('\n\n');
  return [{ role: 'system', content: system }, ...conversation(input.messages, input.maxHistory)];
}

/** Turns of the conversation the rewrite of a follow-up reads. */
const STANDALONE_TURNS = 6;

/** The short call that turns a follow-up ("and on Windows?") into a question retrieval can search. */
export function standaloneMessages(messages: readonly AgentMessage[]): LlmChatMessage[] {
  const turns = messages.filter((m) => m.role !== 'system' && m.content.trim()).slice(-STANDALONE_TURNS);
  const dialogue = turns.map((m, i) => {
    const who = m.role === 'assistant' ? 'Assistant' : i === turns.length - 1 ? 'Last user message' : 'User';
    return `${who}: ${m.content}`;
  });
  return [
    { role: 'system', content: STANDALONE },
    { role: 'user', content: dialogue.join('\n') },
  ];
}
