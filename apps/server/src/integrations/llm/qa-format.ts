import { labelledPairs } from './faq-pairs';
import type { MinedQa } from './qa-miner';

export { clean } from './faq-lines';

/**
 * Strict parser of explicit pairs: `Q:`/`A:`, `Question:`/`Answer:`, `问：`/`答：` (full- or
 * half-width colon), each answer running until the next question. A question without an
 * answer is dropped rather than guessed. The LLM is asked to answer in exactly this format. Every
 * question comes out ending in a question mark.
 */
export function parseExplicitPairs(text: string): MinedQa[] {
  return labelledPairs(text);
}
