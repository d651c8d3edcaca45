import type { Language } from '@agent-console/contracts';
import type { LlmChatMessage } from '../../integrations/llm';
import type { AgentMessage } from './agent-types';
import type { KnowledgeUnit } from './knowledge-index';

/** Most characters of one passage handed to the LLM; the rest of a long one adds little. */
const FRAGMENT_CHARS = 1500;

const RULES: Record<Language, string> = {
  en: 'Answer the customer using only the knowledge below. If it does not hold the answer, say so briefly and offer to have a colleague follow up. Answer in the language of the customer.',
  'zh-chs': '只根据下面的知识回答客户。如果知识中没有答案，请简短说明，并表示会有同事跟进。用客户的语言回答。',
  'zh-cht': '只根據下面的知識回答客戶。如果知識中沒有答案，請簡短說明，並表示會有同事跟進。用客戶的語言回答。',
  ja: '以下のナレッジだけを使ってお客様に回答してください。答えが含まれていない場合は簡潔にそう伝え、担当者が折り返すと伝えてください。お客様の言語で回答してください。',
};

/**
 * What the LLM is sent (WAVE2 §15.5 step 2): the app's main prompt and the rules, the passages
 * with the names of their documents, then the last `maxHistory` turns of the conversation ending
 * with the question. System turns a client sent are kept out: the main prompt is the app's, not
 * the caller's.
 */
export function llmMessages(input: {
  mainPrompt: string;
  lang: Language;
  passages: readonly Pick<KnowledgeUnit, 'fileName' | 'title' | 'text'>[];
  messages: readonly AgentMessage[];
  maxHistory: number;
}): LlmChatMessage[] {
  const knowledge = input.passages
    .map((p, i) => {
      const body = [...(p.title ? `${p.title}\n${p.text}` : p.text)].slice(0, FRAGMENT_CHARS).join('');
      return `[${i + 1}] ${p.fileName ?? ''}\n${body}`;
    })
    .join('\n\n');
  const system = [input.mainPrompt.trim(), RULES[input.lang], `Knowledge:\n${knowledge}`].filter(Boolean).join('\n\n');
  const turns = input.messages.filter((m) => m.role !== 'system' && m.content.trim());
  // The question is the last user turn; history is what came before it, at most maxHistory turns.
  const history = input.maxHistory > 0 ? turns.slice(0, -1).slice(-input.maxHistory) : [];
  const last = turns.at(-1);
  return [
    { role: 'system', content: system },
    ...history.map((m) => ({ role: m.role, content: m.content })),
    ...(last ? [{ role: last.role, content: last.content }] : []),
  ];
}
