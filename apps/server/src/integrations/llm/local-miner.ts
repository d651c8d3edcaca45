import { askedAndAnswered, faqPairs } from './faq-pairs';
import type { MinedQa, MinerInput, QaMiner } from './qa-miner';

// The chunker splits fragments at the same headings the miner ends answers at.
export { isHeadingLine, nextNonEmpty } from './faq-lines';

/**
 * The built-in miner: no network, no model. It takes only the questions the author wrote:
 * 1. FAQ pairs — `Q:`/`A:` and `问：`/`答：` labels, numbered questions, question headings — one
 *    pair per question (faq-pairs.ts);
 * 2. failing those, lines that ask and answer at once ("Can I return it? Yes, within 30 days.").
 * It never makes up a question: a title or a heading that is not a question gives no pair
 * (issue 32: "What is the acme X200 Router - Product FAQ?"). The fragment's heading is context
 * for search, not a question.
 */
export function createLocalMiner(): QaMiner {
  return {
    name: 'local',
    async mine(input: MinerInput): Promise<MinedQa[]> {
      const faq = faqPairs(input.content);
      return faq.length ? faq : askedAndAnswered(input.content);
    },
  };
}
