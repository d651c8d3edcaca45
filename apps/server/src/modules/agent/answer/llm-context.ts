import { countTokens } from '../../knowledge/documents/chunker';
import type { KnowledgeUnit } from './knowledge-index';

/**
 * The knowledge the LLM reads (issue 33): candidates whole — a QA as its question and answer, a
 * passage with its document and heading — best first, while they fit the app's token budget
 * (`contextTokens`). Never a fixed character cut: the fact that answers is often at the end of a
 * section. Only a first candidate larger than the whole budget is cut, at the budget.
 */

export interface ContextBlock {
  /** The candidate's place in the list given. */
  index: number;
  unit: KnowledgeUnit;
  /** What the model reads for this candidate. */
  text: string;
}

/** The text of one candidate as the model reads it. */
export function blockText(unit: KnowledgeUnit): string {
  if (unit.kind === 'qa') return `Q: ${unit.title ?? ''}\nA: ${unit.text}`;
  const where = [unit.fileName, unit.title].filter(Boolean).join(' — ');
  return where ? `${where}\n${unit.text}` : unit.text;
}

/** The candidates that fit `budget` tokens, at most `max`, in the order given. */
export function knowledgeContext(units: readonly KnowledgeUnit[], budget: number, max: number): ContextBlock[] {
  const out: ContextBlock[] = [];
  let used = 0;
  for (const [index, unit] of units.entries()) {
    if (out.length >= max) break;
    const text = blockText(unit);
    const tokens = countTokens(text);
    if (used + tokens <= budget) {
      out.push({ index, unit, text });
      used += tokens;
    } else if (!out.length) {
      out.push({ index, unit, text: cutToTokens(text, budget) });
      break;
    }
  }
  return out;
}

/** The longest head of `text` within `budget` tokens, cut at a line or a space where one is near. */
export function cutToTokens(text: string, budget: number): string {
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (countTokens(text.slice(0, middle)) <= budget) low = middle;
    else high = middle - 1;
  }
  const head = text.slice(0, low);
  const cut = Math.max(head.lastIndexOf('\n'), head.lastIndexOf(' '));
  return `${(cut > low * 0.8 ? head.slice(0, cut) : head).trimEnd()}…`;
}
