/**
 * A question as the QA table tells questions apart: the same question with other case, spacing,
 * full-width characters or closing punctuation is one QA of a source. The knowledge module keys
 * its rows with it, and the miner drops a question a document repeats by it.
 */
export function questionKey(question: string): string {
  return question
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[\s?？!！。.,，:：;；]+$/u, '')
    .trim();
}
