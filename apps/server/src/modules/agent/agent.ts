import type { Db } from '../../db/client';
import { readAgentConfig } from '../app-config/agent-config';
import type { AgentAnswer, AgentMessage, AnswerRequest, AnswerSource } from './agent-types';
import { topFragments } from './fragment-search';
import { folderSubtree } from './knowledge-scope';
import { pickPassages } from './passages';
import { bestQa } from './qa-match';
import { questionWords } from './question-words';
import { BUILT_IN_FALLBACK, replyLanguage, sourcesLine } from './reply-language';

export type { AgentAnswer, AgentMessage, AnswerRequest, AnswerSource, AnswerStep } from './agent-types';

/**
 * A fragment is relevant when it holds at least this share of the question's word weight: for a
 * question with two meaningful words, one of them. Below it, the built-in answerer would quote
 * text that merely shares a word with the question.
 */
export const MIN_FRAGMENT_COVERAGE = 0.5;

/** The question of a conversation: the text of its last user turn. */
export function questionOf(messages: readonly AgentMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.role === 'user' && message.content.trim()) return message.content.trim();
  }
  return '';
}

/**
 * The answering pipeline (WAVE2 §15.5), one entry for every caller. The app's `agent`
 * configuration is read on every call, so a changed item changes the very next answer.
 *  1. the customer's QA most like the question, at or above `qaMatchThreshold`, is the answer;
 *  2–3. otherwise the `topK` most relevant fragments of its knowledge base, and the built-in
 *     answerer replies with their best sentences and names their documents (issue 16 adds the LLM);
 *  4. with nothing relevant, `fallbackReply` (or a built-in sentence in the question's language),
 *     flagged as needing a person.
 */
export async function answer(db: Db, request: AnswerRequest): Promise<AgentAnswer> {
  const config = await readAgentConfig(db, request.appId);
  const question = questionOf(request.messages);
  const lang = replyLanguage(question);
  const folders = config.knowledgeFolders.length
    ? await folderSubtree(db, request.customerId, config.knowledgeFolders)
    : null;

  if (question) {
    const qa = await bestQa(db, { customerId: request.customerId, question, folders });
    if (qa && qa.score >= config.qaMatchThreshold) {
      return {
        content: qa.answer,
        sources: [{ kind: 'qa', qaId: qa.id, question: qa.question, score: round(qa.score) }],
        needsPerson: false,
        step: 'qa',
      };
    }

    const words = questionWords(question);
    const fragments = (
      await topFragments(db, { customerId: request.customerId, words, topK: config.topK, folders })
    ).filter((fragment) => fragment.coverage >= MIN_FRAGMENT_COVERAGE);
    const passages = pickPassages(fragments, words);
    if (passages.length) {
      const sources: AnswerSource[] = [];
      for (const passage of passages) {
        const fragment = fragments.find((f) => f.id === passage.fragmentId);
        const known = sources.find((s) => s.kind === 'document' && s.fileId === passage.fileId);
        if (known?.kind === 'document') known.fragmentIds.push(passage.fragmentId);
        else
          sources.push({
            kind: 'document',
            fileId: passage.fileId,
            name: passage.fileName,
            fragmentIds: [passage.fragmentId],
            score: round(fragment?.coverage ?? 0),
          });
      }
      const names = sources.flatMap((s) => (s.kind === 'document' ? [s.name] : []));
      const content = `${passages.map((p) => p.text).join('\n\n')}\n\n${sourcesLine(names, lang)}`;
      return { content, sources, needsPerson: false, step: 'knowledge' };
    }
  }

  return {
    content: config.fallbackReply || BUILT_IN_FALLBACK[lang],
    sources: [],
    needsPerson: true,
    step: 'fallback',
  };
}

const round = (n: number) => Math.round(n * 1000) / 1000;
