import { loadSet } from './answer-run';
import { type AnswerSet, comparable, type SetQuestion } from './answer-set';
import type { RecordingModel } from './recording-model';

/** One answerable question as the recording model saw it. */
export interface ContextOutcome {
  id: string;
  class: string;
  /** The console asked the model to answer it (not a QA answered directly, not handed over unasked). */
  sent: boolean;
  /** The fact that answers (the right QA, or the phrase of the right section) was in what the model read. */
  inContext: boolean;
}

/** Whether the knowledge the model read holds the question's answer. */
function holdsFact(q: SetQuestion, system: string): boolean {
  if (!q.expect) return false;
  if ('qa' in q.expect) return comparable(system).includes(comparable(`Q: ${q.expect.qa}`));
  return comparable(system).includes(comparable(q.expect.contains));
}

/**
 * Issue 33 acceptance 3: with a recording model in place of the LLM, every answerable question
 * is asked through the app's API, and the knowledge of the call that answers it is checked for
 * the fact that answers.
 */
export async function contextRun(
  baseUrl: string,
  token: string,
  set: AnswerSet,
  port: number,
  model: RecordingModel,
): Promise<ContextOutcome[]> {
  const { ask } = await loadSet(baseUrl, token, set, port);
  const out: ContextOutcome[] = [];
  for (const q of set.questions) {
    if (!q.expect) continue;
    model.calls.length = 0;
    await ask(q);
    const answerCall = model.calls
      .filter((c) => c.stream && (c.messages[0]?.content ?? '').includes('Knowledge:'))
      .at(-1);
    const system = answerCall?.messages[0]?.content ?? '';
    out.push({ id: q.id, class: q.class, sent: answerCall !== undefined, inContext: holdsFact(q, system) });
  }
  return out;
}
