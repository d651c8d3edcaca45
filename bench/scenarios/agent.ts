import { freePort } from '@agent-console/server/test/child-server';
import { withBenchDatabase } from '../lib/bench-database';
import { httpLoad, type LoadResult } from '../lib/load';
import { repeated } from '../lib/repeat';
import { apiLogin, startBenchServer } from '../lib/server';
import type { BenchContext, Figure, Scenario } from '../lib/types';

const QA_ROWS = Number(process.env.BENCH_AGENT_QA ?? 10_000);
const FRAGMENT_ROWS = Number(process.env.BENCH_AGENT_FRAGMENTS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Latency is what one caller waits (one connection); throughput is measured with several. */
const LATENCY_CONNECTIONS = 1;
const THROUGHPUT_CONNECTIONS = 8;
/** Fragments per generated document. */
const PER_FILE = 100;

const NOUNS = `ARRAY['turbine','pump','valve','sensor','router','printer','scanner','battery','charger','monitor',
  'keyboard','camera','drone','heater','boiler','compressor','inverter','panel','meter','switch']`;
const VERBS = `ARRAY['calibrate','install','reset','clean','update','replace','configure','register','inspect','return']`;
const PARTS = `ARRAY['filter','seal','fan','belt','fuse','lamp','cable','bearing','gasket','nozzle']`;

/**
 * The customer's knowledge, written by bulk SQL the way the knowledge pipeline leaves it: QA and
 * fragments with their search vectors (the generated text has no CJK, so `simple` tokens equal
 * jieba's words), in completed documents.
 */
function seedSql(customerId: number): string {
  return `
INSERT INTO qa_records (customer_id, question, answer, question_key, search_vector, origin)
SELECT ${customerId}, q, a, lower(rtrim(q, '?')),
  setweight(to_tsvector('simple', q), 'A') || setweight(to_tsvector('simple', a), 'B'), 'manual'
FROM (
  SELECT 'How do I ' || (${VERBS})[1 + g % 10] || ' the ' || (${NOUNS})[1 + (g / 10) % 20] || ' model ' || g || '?' AS q,
    'Open the service menu of model ' || g || ' and follow the steps for the ' || (${PARTS})[1 + g % 10] || '.' AS a
  FROM generate_series(1, ${QA_ROWS}) AS g
) generated;

INSERT INTO knowledge_files (customer_id, name, file_type, size, enabled, process_status, mining_status, fragment_count)
SELECT ${customerId}, 'Manual ' || f || '.pdf', 'pdf', 100000, true, 'completed', 3, ${PER_FILE}
FROM generate_series(1, ${Math.ceil(FRAGMENT_ROWS / PER_FILE)}) AS f;

INSERT INTO knowledge_fragments (customer_id, file_id, seq, heading, content, tokens)
SELECT ${customerId}, k.id, g % ${PER_FILE},
  'Unit ' || g,
  'The ' || (${NOUNS})[1 + g % 20] || ' unit ' || g || ' has a ' || (${PARTS})[1 + (g / 20) % 10] ||
  ' that needs service every ' || (3 + g % 9) || ' months. Keep the ' || (${PARTS})[1 + (g / 7) % 10] ||
  ' dry and check the warranty card of unit ' || g || ' before opening the housing.',
  40
FROM generate_series(0, ${FRAGMENT_ROWS - 1}) AS g
JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM knowledge_files WHERE customer_id = ${customerId}) k
  ON k.n = g / ${PER_FILE};
UPDATE knowledge_fragments SET search_vector =
  setweight(to_tsvector('simple', coalesce(heading, '')), 'A') || to_tsvector('simple', content)
WHERE customer_id = ${customerId};
ANALYZE qa_records; ANALYZE knowledge_fragments; ANALYZE knowledge_files;`;
}

type Api = <T>(method: 'GET' | 'POST', path: string, body?: unknown) => Promise<T>;

function consoleApi(baseUrl: string, token: string): Api {
  return async <T>(method: 'GET' | 'POST', path: string, body?: unknown) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const envelope = (await res.json()) as { code: string; data: T; message?: string };
    if (envelope.code !== '00000') throw new Error(`${path}: ${envelope.code} ${envelope.message ?? ''}`);
    return envelope.data;
  };
}

/** One answer, to check the question takes the step it is meant to measure. */
async function stepOf(url: string, apiKey: string, question: string): Promise<string> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ messages: [{ role: 'user', content: question }] }),
  });
  const body = (await res.json()) as { agent?: { step?: string } };
  return body.agent?.step ?? `HTTP ${res.status}`;
}

/**
 * Issue 16: the answering pipeline under load through a running app's OpenAI-compatible API, on a
 * customer with 10,000 QA and 10,000 fragments, without an LLM. Each call is answered and stored
 * (conversation, answer, usage), as in production.
 */
export const agentScenario: Scenario = {
  name: 'agent',
  async run(ctx: BenchContext) {
    const server = await startBenchServer(ctx, 'agent');
    try {
      let api = consoleApi(server.baseUrl, await apiLogin(server.baseUrl));
      const customerId = 1;
      const app = await api<{ id: number; port: number; apiKey: string }>('POST', '/api/v3/app/info/save', {
        customerId,
        name: 'Bench agent',
        code: 'bench-agent',
        port: await freePort(),
      });
      await server.stop();
      await withBenchDatabase(server, (database) => database.sql.exec(seedSql(customerId)));
      await server.start();
      api = consoleApi(server.baseUrl, await apiLogin(server.baseUrl));
      await api('GET', `/api/v3/app/info/startApp/${app.id}`);

      const url = `http://127.0.0.1:${app.port}/v1/chat/completions`;
      // Issue 38's targets (issue 19 had 30 and 80).
      const shapes = [
        { name: 'QA hit', question: 'How do I reset the pump model 4242?', step: 'qa', p50: 20 },
        {
          name: 'fragment answer',
          // Hundreds of generated units have a pump seal: the question names one of them (unit 221
          // is a pump with a seal; QA 221 is about a valve), or the agent rightly hands it over.
          question: 'How often does the seal of pump unit 221 need service?',
          step: 'knowledge',
          p50: 50,
        },
      ];
      for (const shape of shapes) {
        const step = await stepOf(url, app.apiKey, shape.question);
        if (step !== shape.step) throw new Error(`"${shape.question}" was answered by step ${step}, not ${shape.step}`);
      }
      return await repeated(() => measureShapes(url, app.apiKey, shapes));
    } finally {
      await server.dispose();
    }
  },
};

/** Latency with one caller, then answers per second with eight, for each question. */
async function measureShapes(
  url: string,
  apiKey: string,
  shapes: Array<{ name: string; question: string; p50: number }>,
): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const shape of shapes) {
    const load = (connections: number): Promise<LoadResult> =>
      httpLoad({
        url,
        token: apiKey,
        body: { messages: [{ role: 'user', content: shape.question }] },
        connections,
        seconds: SECONDS,
      });
    const latency = await load(LATENCY_CONNECTIONS);
    const throughput = await load(THROUGHPUT_CONNECTIONS);
    const s = 'agent';
    figures.push(
      {
        scenario: s,
        name: `${shape.name}: answers per second (${THROUGHPUT_CONNECTIONS} callers)`,
        value: throughput.throughput,
        unit: 'answers/s',
      },
      {
        scenario: s,
        name: `${shape.name}: p50 (one caller)`,
        value: latency.p50,
        unit: 'ms',
        target: { kind: 'max', value: shape.p50 },
      },
      { scenario: s, name: `${shape.name}: p99 (one caller)`, value: latency.p99, unit: 'ms' },
      {
        scenario: s,
        name: `${shape.name}: p99 (${THROUGHPUT_CONNECTIONS} callers)`,
        value: throughput.p99,
        unit: 'ms',
      },
      {
        scenario: s,
        name: `${shape.name}: errors`,
        value: latency.errors + throughput.errors,
        unit: '',
        target: { kind: 'max', value: 0 },
      },
    );
  }
  return figures;
}
