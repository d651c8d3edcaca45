import MiniSearch from 'minisearch';

/**
 * The baseline the agent must beat (issue 32): what a developer gets from a search library in an
 * afternoon. MiniSearch (BM25), fuzzy matching, no prefix matching, and a tokenizer of a dozen
 * lines that splits Chinese into characters and pairs of characters. It always answers with its
 * best hit, or abstains below a score threshold chosen on the `tune` half of the set.
 */

export interface BaselineUnit {
  id: number;
  title: string;
  text: string;
}

function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const run of text.toLowerCase().match(/[\p{Script=Han}]+|[\p{L}\p{N}]+/gu) ?? []) {
    if (!/\p{Script=Han}/u.test(run)) {
      out.push(run);
      continue;
    }
    const chars = [...run];
    out.push(...chars);
    for (let i = 0; i + 1 < chars.length; i++) out.push(`${chars[i]}${chars[i + 1]}`);
  }
  return out;
}

export function baselineIndex(units: readonly BaselineUnit[]) {
  const search = new MiniSearch<BaselineUnit>({
    fields: ['title', 'text'],
    storeFields: ['id'],
    tokenize,
    searchOptions: { boost: { title: 2 }, fuzzy: 0.2, prefix: false },
  });
  search.addAll([...units]);
  return (question: string): { id: number; score: number } | null => {
    const [best] = search.search(question);
    return best ? { id: best.id as number, score: best.score } : null;
  };
}
