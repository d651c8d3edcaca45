import type { AnswerTestResult } from '@agent-console/contracts';
import { percentile } from '../lib/stats';
import { type AnswerSet, isHit, type QuestionClass, type SetQuestion } from './answer-set';

/** One question of the set as the running console answered it. */
export interface AskedQuestion {
  id: string;
  class: QuestionClass;
  split: 'tune' | 'check';
  question: string;
  answerable: boolean;
  step: string;
  hit: boolean;
  /** Answered (not handed over) and not the right target: the failure that costs trust. */
  wrong: boolean;
  latencyMs: number;
  /** What the test panel says of it: the decision's measures, for the threshold sweep. */
  decision: AnswerTestResult['decision'];
  /**
   * Where the right candidate stands among the test panel's candidates, whatever the decision
   * (1: the first is the right one), or null.
   */
  rightAt: number | null;
  /** The first candidate's ranking value (BM25 discounted for what it misses). */
  rank: number;
  content: string;
  /** The first candidates, to read why a question went wrong. */
  top: {
    kind: string;
    fileName: string | null;
    title: string | null;
    text: string;
    score: number;
    coverage: number;
    rank: number;
  }[];
}

interface Envelope<T> {
  code: string;
  message?: string;
  data: T;
}

/** A console holding the set, with a running app answering from it. */
export interface LoadedSet {
  call: <T>(method: 'GET' | 'POST', url: string, body?: unknown) => Promise<T>;
  customerId: number;
  app: { id: number; port: number; apiKey: string };
  /** Asks one question through the app's OpenAI-compatible API, as a customer does. */
  ask: (q: SetQuestion) => Promise<{ body: AppAnswer; latencyMs: number }>;
}

interface AppAnswer {
  choices?: { message?: { content?: string } }[];
  agent?: { step: string; sources: { kind: string; question?: string }[] };
}

/**
 * Loads the set into a fresh console (documents uploaded as Word files and processed, QA saved
 * through the QA screen's call) and starts an app with the default configuration.
 */
export async function loadSet(baseUrl: string, token: string, set: AnswerSet, port: number): Promise<LoadedSet> {
  const call = async <T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const env = (await res.json()) as Envelope<T>;
    if (env.code !== '00000') throw new Error(`${url}: ${env.code} ${env.message ?? ''}`);
    return env.data;
  };
  for (const doc of set.documents) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(doc.docx)]), `${doc.name}.docx`);
    const res = await fetch(`${baseUrl}/api/v3/oss/file/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'x-file-purpose': 'knowledge' },
      body: form,
    });
    const object = ((await res.json()) as Envelope<{ id: number }>).data;
    const file = await call<{ id: number }>('POST', '/api/v3/knowledge/save', { objectId: object.id });
    for (;;) {
      const info = await call<{ processStatus: string; miningStatus: number; abnormalReason: string | null }>(
        'GET',
        `/api/v3/knowledge/info/${file.id}`,
      );
      if (info.miningStatus === 1) throw new Error(`${doc.name}: ${info.abnormalReason}`);
      if (info.processStatus === 'completed' && info.miningStatus === 3) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  for (const qa of set.qa) await call('POST', '/api/v3/qa-file/qaSave', { question: qa.question, answer: qa.answer });
  const me = await call<{ customer: { id: number } }>('GET', '/api/v3/system/user/info');
  const customerId = me.customer.id;
  const app = await call<{ id: number; port: number; apiKey: string }>('POST', '/api/v3/app/info/save', {
    customerId,
    name: 'Answer quality',
    code: 'answer-quality',
    port,
  });
  await call('GET', `/api/v3/app/info/startApp/${app.id}`);
  const ask = async (q: SetQuestion) => {
    const messages = [...(q.history ?? []), q.question].map((content) => ({ role: 'user', content }));
    const started = performance.now();
    const res = await fetch(`http://127.0.0.1:${app.port}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${app.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messages }),
    });
    const body = (await res.json()) as AppAnswer;
    return { body, latencyMs: performance.now() - started };
  };
  return { call, customerId, app, ask };
}

/**
 * Asks every question of the set through the app's OpenAI-compatible API; the test panel's call
 * gives the decision's measures.
 */
export async function answerSetRun(
  baseUrl: string,
  token: string,
  set: AnswerSet,
  port: number,
): Promise<{ customerId: number; asked: AskedQuestion[] }> {
  const { call, customerId, app, ask } = await loadSet(baseUrl, token, set, port);
  // The first answer builds the customer's search index; it is not what a customer waits for.
  const [first] = set.questions;
  if (first) await ask(first);
  const asked: AskedQuestion[] = [];
  for (const q of set.questions) {
    const { body, latencyMs } = await ask(q);
    const content = body.choices?.[0]?.message?.content ?? '';
    const step = body.agent?.step ?? 'error';
    const qaSource = body.agent?.sources.find((s) => s.kind === 'qa');
    const answered = step !== 'fallback' && step !== 'error';
    const hit = q.expect !== null && answered && isHit(q.expect, { content, qaQuestion: qaSource?.question ?? null });
    const test = await call<AnswerTestResult>('POST', '/api/v3/knowledge/answer-test', {
      customerId,
      appId: app.id,
      question: q.question,
      ...(q.history?.length ? { history: q.history } : {}),
    });
    const top = test.candidates[0];
    const expect = q.expect;
    const right = expect
      ? test.candidates.findIndex((c) =>
          isHit(expect, { content: c.text, qaQuestion: c.kind === 'qa' ? c.title : null }),
        )
      : -1;
    asked.push({
      id: q.id,
      class: q.class,
      split: q.split,
      question: q.question,
      answerable: q.expect !== null,
      step,
      hit,
      wrong: answered && !hit,
      latencyMs: Math.round(latencyMs * 10) / 10,
      decision: test.decision,
      rightAt: right < 0 ? null : right + 1,
      rank: top?.rank ?? 0,
      content: content.slice(0, 200),
      top: test.candidates.slice(0, 5).map((c) => ({
        kind: c.kind,
        fileName: c.fileName,
        title: c.title,
        text: c.text.slice(0, 80),
        score: c.score,
        coverage: c.coverage,
        rank: c.rank,
      })),
    });
  }
  return { customerId, asked };
}

const pct = (n: number, of: number) => (of ? Math.round((1000 * n) / of) / 10 : 0);

export function scoreRun(asked: readonly AskedQuestion[]) {
  const answerable = asked.filter((a) => a.answerable);
  const unanswerable = asked.filter((a) => !a.answerable);
  const check = answerable.filter((a) => a.split === 'check');
  const byClass: Record<string, { questions: number; right: number; wrong: number }> = {};
  for (const a of asked) {
    const c = byClass[a.class] ?? { questions: 0, right: 0, wrong: 0 };
    byClass[a.class] = c;
    c.questions++;
    if (a.hit || (!a.answerable && !a.wrong)) c.right++;
    if (a.wrong) c.wrong++;
  }
  return {
    answerable: answerable.length,
    unanswerable: unanswerable.length,
    hit: pct(answerable.filter((a) => a.hit).length, answerable.length),
    checkHit: pct(check.filter((a) => a.hit).length, check.length),
    handedOver: pct(unanswerable.filter((a) => !a.wrong).length, unanswerable.length),
    wrong: pct(asked.filter((a) => a.wrong).length, asked.length),
    p50:
      Math.round(
        percentile(
          asked.map((a) => a.latencyMs).sort((a, b) => a - b),
          50,
        ) * 10,
      ) / 10,
    byClass,
  };
}

/**
 * What other thresholds would have given, from each question's measures: the answer is the
 * first candidate when it passes all three. Used to choose the defaults on the `tune` half and
 * check them on the other (docs/agent.md); written beside the figures, never applied here.
 */
export function sweep(asked: readonly AskedQuestion[]) {
  const rows: {
    minScore: number;
    minCoverage: number;
    minMargin: number;
    split: string;
    hit: number;
    handedOver: number;
    wrong: number;
  }[] = [];
  for (const split of ['tune', 'check'] as const) {
    const chosen = asked.filter((a) => a.split === split);
    for (const minCoverage of [0.4, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8]) {
      for (const minScore of [0, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35]) {
        for (const minMargin of [0, 0.05, 0.1, 0.15, 0.2, 0.3]) {
          const passes = (a: AskedQuestion) =>
            a.decision.reason !== 'noQuestion' &&
            a.decision.reason !== 'noMatch' &&
            a.decision.reason !== 'otherSubject' &&
            a.decision.coverage >= minCoverage &&
            a.decision.score >= minScore &&
            a.decision.margin >= minMargin;
          const answerable = chosen.filter((a) => a.answerable);
          const unanswerable = chosen.filter((a) => !a.answerable);
          rows.push({
            minScore,
            minCoverage,
            minMargin,
            split,
            hit: pct(answerable.filter((a) => passes(a) && a.rightAt === 1).length, answerable.length),
            handedOver: pct(unanswerable.filter((a) => !passes(a)).length, unanswerable.length),
            wrong: pct(chosen.filter((a) => passes(a) && !(a.answerable && a.rightAt === 1)).length, chosen.length),
          });
        }
      }
    }
  }
  return rows;
}
