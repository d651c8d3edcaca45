import type { AnswerSource } from './agent-types';
import type { ScoredUnit } from './knowledge-index';

/** The QA and documents of the candidates used, one source per QA or document, in the order first used. */
export function sourcesOf(candidates: readonly ScoredUnit[]): AnswerSource[] {
  const sources: AnswerSource[] = [];
  for (const { unit, score } of candidates) {
    if (unit.kind === 'qa') {
      if (!sources.some((s) => s.kind === 'qa' && s.qaId === unit.id)) {
        sources.push({ kind: 'qa', qaId: unit.id, question: unit.title ?? '', score: round(score) });
      }
      continue;
    }
    if (unit.fileId === null) continue;
    const known = sources.find((s) => s.kind === 'document' && s.fileId === unit.fileId);
    if (known?.kind === 'document') {
      if (!known.fragmentIds.includes(unit.id)) known.fragmentIds.push(unit.id);
    } else {
      sources.push({
        kind: 'document',
        fileId: unit.fileId,
        name: unit.fileName ?? '',
        fragmentIds: [unit.id],
        score: round(score),
      });
    }
  }
  return sources;
}

export const round = (n: number) => Math.round(n * 1000) / 1000;
