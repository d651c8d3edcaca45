import { KNOWLEDGE_QA_PERMISSIONS } from '@agent-console/contracts';
import type { Database } from '@agent-console/server/test/db';
import { insertScopedUser } from '@agent-console/server/test/fixtures/users';
import { withBenchDatabase } from '../lib/bench-database';
import { apiLogin, BenchServer } from '../lib/server';
import { percentile } from '../lib/stats';
import type { BenchContext, Figure } from '../lib/types';

/** QA of each exporting customer: the size of the export that held /api/health at 2.8 s. */
const QA_ROWS = 100_000;
const CUSTOMERS = 3;
/** Latency target of /api/health while an export runs (hole 5). */
const TARGET_MS = 300;
const S = 'hostile';

/**
 * Hole 5: one customer's 100,000-row QA export held /api/health at 2.8 s for everyone, and three
 * at once at 8.5 s. On a server of its own, three customers with 100,000 QA each; /api/health is
 * called in a closed loop (20 ms apart) while one customer's export runs to its last byte, then
 * while all three run at once, against its latency when idle.
 */
export async function exportFigures(ctx: BenchContext): Promise<Figure[]> {
  const server = await BenchServer.create(ctx, 'hostile-export');
  try {
    // The first start migrates and seeds; the customers and their QA go in while no server holds the database.
    await server.start();
    await server.stop();
    const exporters = await withBenchDatabase(server, seedCustomers);
    await server.start();
    const tokens = await Promise.all(exporters.map((u) => apiLogin(server.baseUrl, u.username, u.password)));
    const health = () => fetch(`${server.baseUrl}/api/health`).then((r) => r.json());

    const idleEnd = Date.now() + 3_000;
    const idle = await healthWhile(health, () => Date.now() > idleEnd);

    const one = await whileExporting(health, () => exportQa(server.baseUrl, tokens[0] ?? ''));
    const three = await whileExporting(health, () =>
      Promise.all(tokens.map((token) => exportQa(server.baseUrl, token))).then((sizes) =>
        sizes.reduce((a, b) => a + b),
      ),
    );
    const note = (r: Measured, what: string) =>
      `${r.latencies.length} calls; p50 ${percentile(r.latencies, 50).toFixed(1)} ms, max ${Math.max(...r.latencies).toFixed(0)} ms; idle p99 ${percentile(idle.latencies, 99).toFixed(1)} ms; ${what} in ${(r.seconds).toFixed(1)} s (${(r.bytes / 2 ** 20).toFixed(1)} MiB)`;
    return [
      {
        scenario: S,
        name: `/api/health p99 while a ${QA_ROWS.toLocaleString('en')}-row QA export runs`,
        value: percentile(one.latencies, 99),
        unit: 'ms',
        target: { kind: 'max', value: TARGET_MS },
        note: note(one, 'the export'),
      },
      {
        scenario: S,
        name: `/api/health p99 while ${CUSTOMERS} customers' ${QA_ROWS.toLocaleString('en')}-row QA exports run at once`,
        value: percentile(three.latencies, 99),
        unit: 'ms',
        note: note(three, 'the three exports'),
      },
      {
        scenario: S,
        name: `${QA_ROWS.toLocaleString('en')}-row QA export to its last byte`,
        value: one.seconds,
        unit: 's',
      },
      {
        scenario: S,
        name: 'failed /api/health calls while exporting',
        value: one.errors + three.errors,
        unit: '',
        target: { kind: 'max', value: 0 },
      },
    ];
  } finally {
    await server.dispose();
  }
}

interface Measured {
  latencies: number[];
  errors: number;
  seconds: number;
  bytes: number;
}

/** /api/health in a closed loop while `work` runs; the latencies sorted. */
async function whileExporting(health: () => Promise<unknown>, work: () => Promise<number>): Promise<Measured> {
  let done = false;
  const started = performance.now();
  const loop = healthWhile(health, () => done);
  const bytes = await work().finally(() => {
    done = true;
  });
  const seconds = (performance.now() - started) / 1000;
  return { ...(await loop), seconds, bytes };
}

async function healthWhile(health: () => Promise<unknown>, stop: () => boolean) {
  const latencies: number[] = [];
  let errors = 0;
  while (!stop()) {
    const t0 = performance.now();
    try {
      const body = (await health()) as { data?: { status?: string } };
      if (body.data?.status !== 'ok') errors++;
    } catch {
      errors++;
    }
    latencies.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 20));
  }
  latencies.sort((a, b) => a - b);
  return { latencies, errors };
}

/** One export to its last byte; its size. */
async function exportQa(baseUrl: string, token: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/v3/qa-file/export`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  const data = await res.arrayBuffer();
  if (res.status !== 200 || !res.headers.get('content-type')?.includes('spreadsheetml')) {
    throw new Error(`export answered ${res.status}: ${Buffer.from(data).toString().slice(0, 200)}`);
  }
  return data.byteLength;
}

/**
 * CUSTOMERS customers under the root, each with one user who may list and export QA (data scope
 * 3, own customer) and a document of QA_ROWS QA of a question and an answer of about 100
 * characters. Answers the users, to sign in with.
 */
async function seedCustomers(database: Database): Promise<{ username: string; password: string }[]> {
  const { db, sql } = database;
  const exporters: { username: string; password: string }[] = [];
  for (let i = 1; i <= CUSTOMERS; i++) {
    const user = await insertScopedUser(db, [KNOWLEDGE_QA_PERMISSIONS.list, KNOWLEDGE_QA_PERMISSIONS.export]);
    const { rows } = await sql.query<{ id: number }>(
      `insert into knowledge_files (customer_id, name, kind, process_status, mining_status)
       values ($1, 'Bench QA', 'manual', 'completed', 3) returning id`,
      [user.customerId],
    );
    await sql.query(
      `insert into qa_records (customer_id, file_id, question, answer, tags, question_key, search_vector, updated_at)
       select $1, $2, 'Question ' || g || ': how does ' || left(md5(g::text), 8) || ' work?',
         'It works like this: ' || md5(g::text) || ' ' || md5((g + 1)::text) || '.', 'bench',
         'question ' || g, ''::tsvector, now() - g * interval '1 second'
       from generate_series(1, $3::int) g`,
      [user.customerId, rows[0]?.id, QA_ROWS],
    );
    exporters.push(user);
  }
  return exporters;
}
