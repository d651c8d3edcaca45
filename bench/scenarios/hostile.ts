import { QA_IMPORT_MAX_BYTES } from '@agent-console/contracts';
import { makeDenseDocx, makeXlsx } from '@agent-console/server/test/fixtures/knowledge';
import { apiLogin, startBenchServer } from '../lib/server';
import { percentile } from '../lib/stats';
import type { BenchContext, Figure, Scenario } from '../lib/types';
import { exportFigures } from './hostile-export';

const SHEET_MB = Number(process.env.BENCH_HOSTILE_SHEET_MB ?? 10);
/** Latency target of a call while the parser is busy (acceptance 4). */
const TARGET_MS = 200;

interface Envelope<T> {
  code: string;
  message: string;
  data: T;
}

interface DocumentState {
  processStatus: string;
  miningStatus: number;
  abnormalReason: string | null;
  fragmentCount: number;
}

interface ImportState {
  status: string;
  totalRows: number;
  inserted: number;
  error: string | null;
}

/** Parsing hostile files (below), then a large export (hole 5, hostile-export.ts). */
export const hostileScenario: Scenario = { name: 'hostile', run: (ctx) => allFigures(ctx) };

/**
 * Acceptance 4 (issue 7, item 7): while a hostile DOCX (250 KB expanding to 30 MB of tiny XML
 * elements, the shape that stalled the server for 28 s), a heavy DOCX just under the element limit
 * and a 10 MB QA spreadsheet are processed, /api/health and a list call keep answering fast.
 * Measures their latency from the first upload until the last of the three jobs has ended.
 */
async function parsingFigures(ctx: BenchContext): Promise<Figure[]> {
  // Files are made before the server starts, so that making them does not compete for the CPU.
  const hostileDocx = makeDenseDocx(880_000);
  const heavyDocx = makeDenseDocx(300_000);
  const sheet = await sheetOfAbout(SHEET_MB * 1024 * 1024);
  const server = await startBenchServer(ctx, 'hostile');
  try {
    const token = await apiLogin(server.baseUrl);
    const headers = { authorization: `Bearer ${token}` };
    const call = async <T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<Envelope<T>> => {
      const res = await fetch(`${server.baseUrl}${url}`, {
        method,
        headers: { ...headers, 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return (await res.json()) as Envelope<T>;
    };
    const upload = async <T>(url: string, data: Buffer, filename: string, extra: Record<string, string>) => {
      const form = new FormData();
      if (url.includes('qa-file')) form.append('newFileName', 'Hostile bench sheet');
      form.append('file', new Blob([new Uint8Array(data)]), filename);
      const res = await fetch(`${server.baseUrl}${url}`, {
        method: 'POST',
        headers: { ...headers, ...extra },
        body: form,
      });
      const env = (await res.json()) as Envelope<T>;
      if (env.code !== '00000') throw new Error(`${url} ${filename}: ${env.code} ${env.message}`);
      return env.data;
    };
    const listBody = { pageNum: 1, pageSize: 20 };

    // Idle latency first, as the baseline.
    const idleEnd = Date.now() + 3_000;
    const idle = await measure(call, listBody, () => Date.now() > idleEnd);

    const started = Date.now();
    let finished = false;
    const load = measure(call, listBody, () => finished);
    const submit = async (name: string, data: Buffer) => {
      const object = await upload<{ id: number }>('/api/v3/oss/file/upload', data, name, {
        'x-file-purpose': 'knowledge',
      });
      const saved = await call<{ id: number }>('POST', '/api/v3/knowledge/save', { objectId: object.id });
      if (saved.code !== '00000') throw new Error(`save ${name}: ${saved.code} ${saved.message}`);
      return saved.data.id;
    };
    const hostileId = await submit('hostile.docx', hostileDocx);
    const heavyId = await submit('heavy.docx', heavyDocx);
    const importJob = await upload<{ id: number }>('/api/v3/qa-file/upload', sheet.data, 'bench-10mb.xlsx', {});

    const ended: Record<string, number> = {};
    let hostile: DocumentState | undefined;
    let heavy: DocumentState | undefined;
    let imported: ImportState | undefined;
    while (!(hostile && heavy && imported)) {
      await new Promise((r) => setTimeout(r, 250));
      if (!hostile) {
        const s = (await call<DocumentState>('GET', `/api/v3/knowledge/info/${hostileId}`)).data;
        if (s.processStatus !== 'processing') [hostile, ended.hostile] = [s, Date.now()];
      }
      if (!heavy) {
        const s = (await call<DocumentState>('GET', `/api/v3/knowledge/info/${heavyId}`)).data;
        if (s.processStatus !== 'processing') [heavy, ended.heavy] = [s, Date.now()];
      }
      if (!imported) {
        const s = (await call<ImportState>('GET', `/api/v3/qa-file/import/${importJob.id}`)).data;
        if (s.status === 'completed' || s.status === 'failed') [imported, ended.sheet] = [s, Date.now()];
      }
      if (Date.now() - started > 10 * 60_000) throw new Error('the jobs did not end within 10 minutes');
    }
    finished = true;
    const busy = await load;

    const s = 'hostile';
    const outcome = (d: DocumentState) =>
      d.miningStatus === 1 ? `abnormal: ${d.abnormalReason}` : `completed, ${d.fragmentCount} fragments`;
    const latencyFigure = (name: string, during: number[], quiet: number[]) => ({
      scenario: s,
      name: `${name} p99 while processing`,
      value: percentile(during, 99),
      unit: 'ms',
      target: { kind: 'max' as const, value: TARGET_MS },
      note: `${during.length} calls; p50 ${percentile(during, 50).toFixed(1)} ms, max ${Math.max(...during).toFixed(0)} ms; idle p99 ${percentile(quiet, 99).toFixed(1)} ms`,
    });
    const seconds = (key: string) => (((ended[key] ?? started) - started) / 1000).toFixed(1);
    return [
      latencyFigure('/api/health', busy.health, idle.health),
      latencyFigure('document list', busy.list, idle.list),
      {
        scenario: s,
        name: 'failed calls while processing',
        value: busy.errors,
        unit: '',
        target: { kind: 'max', value: 0 },
      },
      {
        scenario: s,
        name: `hostile DOCX (${(hostileDocx.length / 1024).toFixed(0)} KB, 30 MB of XML) to its end`,
        value: Number(seconds('hostile')),
        unit: 's',
        note: outcome(hostile),
      },
      {
        scenario: s,
        name: `heavy DOCX (${(heavyDocx.length / 1024).toFixed(0)} KB, 900,000 elements) to its end`,
        value: Number(seconds('heavy')),
        unit: 's',
        note: outcome(heavy),
      },
      {
        scenario: s,
        name: `${(sheet.data.length / 2 ** 20).toFixed(1)} MiB XLSX (${sheet.rows} rows) import to its end`,
        value: Number(seconds('sheet')),
        unit: 's',
        note: imported.status === 'completed' ? `completed, ${imported.inserted} QA` : `failed: ${imported.error}`,
      },
    ] satisfies Figure[];
  } finally {
    await server.dispose();
  }
}

/** The parsing figures above, then those of a large export (hole 5) on a server of its own. */
async function allFigures(ctx: BenchContext): Promise<Figure[]> {
  return [...(await parsingFigures(ctx)), ...(await exportFigures(ctx))];
}

type Call = <T>(method: 'GET' | 'POST', url: string, body?: unknown) => Promise<Envelope<T>>;

/** Two closed loops, one calling /api/health and one the document list, until `done()`. */
async function measure(call: Call, listBody: unknown, done: () => boolean) {
  const health: number[] = [];
  const list: number[] = [];
  let errors = 0;
  const loop = async (into: number[], once: () => Promise<Envelope<unknown>>) => {
    while (!done()) {
      const t0 = performance.now();
      try {
        if ((await once()).code !== '00000') errors++;
      } catch {
        errors++;
      }
      into.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  await Promise.all([
    loop(health, () => call('GET', '/api/health')),
    loop(list, () => call('POST', '/api/v3/knowledge/file/list/page', listBody)),
  ]);
  health.sort((a, b) => a - b);
  list.sort((a, b) => a - b);
  return { health, list, errors };
}

/**
 * A QA workbook near `bytes` (under the import's size limit): 60,000 rows of a question and an
 * answer of random words, so that it does not compress to nothing; the answer length is scaled
 * to reach the size.
 */
async function sheetOfAbout(bytes: number): Promise<{ data: Buffer; rows: number }> {
  const rows = 60_000;
  const goal = Math.min(bytes, QA_IMPORT_MAX_BYTES * 0.95);
  let words = 40;
  let data = await workbook(rows, words);
  for (let i = 0; i < 3 && (data.length < goal * 0.9 || data.length > goal * 1.1); i++) {
    words = Math.max(1, Math.round(words * (goal / data.length)));
    data = await workbook(rows, words);
  }
  return { data, rows };
}

async function workbook(rows: number, answerWords: number): Promise<Buffer> {
  let x = 0x2545f491;
  const word = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0).toString(36).slice(0, 3 + ((x >>> 0) % 5));
  };
  const sentence = (n: number) => Array.from({ length: n }, word).join(' ');
  return makeXlsx([
    ['question', 'answer'],
    ...Array.from({ length: rows }, (_, i) => [`Q${i}: ${sentence(6)}?`, `${sentence(answerWords)}.`]),
  ]);
}
