import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { prng, unitVector, VectorMatrix, vectorBackend } from '@agent-console/server/test/internals';
import { repeated } from '../lib/repeat';
import { percentile } from '../lib/stats';
import type { Figure, Scenario } from '../lib/types';

const S = 'vectors';
const DIMS = 768;
const SIZES = (process.env.BENCH_VECTORS ?? '10000,100000').split(',').map(Number);
const QUERIES = 50;
const K = 10;
/** Vectors generated and added at a time: the load time is that of `add`, not of the generator. */
const CHUNK = 1000;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Heap and external memory after full collections, once it stops moving. */
async function memoryMB(): Promise<number> {
  // An array buffer's memory is released on a background thread some time after the collection
  // that found it dead: read at once, the previous round's matrices would still count.
  let last = Number.NaN;
  for (let i = 0; i < 20; i++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const { heapUsed, external } = process.memoryUsage();
    const now = (heapUsed + external) / 1e6;
    if (Math.abs(now - last) < 1) return now;
    last = now;
  }
  return last;
}

function randomUnit(next: () => number, into: Float32Array, offset: number): void {
  into.set(unitVector(Array.from({ length: DIMS }, () => next() * 2 - 1)), offset);
}

/** Search times of `QUERIES` random queries (after a few unmeasured), p50 and p95 in ms. */
function searchTimes(search: (query: Float32Array) => void, next: () => number): { p50: number; p95: number } {
  const query = new Float32Array(DIMS);
  const times: number[] = [];
  for (let i = -3; i < QUERIES; i++) {
    randomUnit(next, query, 0);
    const start = performance.now();
    search(query);
    if (i >= 0) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function measure(size: number, round: number): Promise<Figure[]> {
  const { next } = prng(size + round);
  const before = await memoryMB();
  const matrix = new VectorMatrix(DIMS);
  const chunk = new Float32Array(CHUNK * DIMS);
  let loadMs = 0;
  for (let done = 0; done < size; done += CHUNK) {
    const n = Math.min(CHUNK, size - done);
    for (let i = 0; i < n; i++) randomUnit(next, chunk, i * DIMS);
    const start = performance.now();
    for (let i = 0; i < n; i++) matrix.add(`fragment:${done + i}`, chunk.subarray(i * DIMS, (i + 1) * DIMS));
    loadMs += performance.now() - start;
  }
  const memory = (await memoryMB()) - before;
  const backend = vectorBackend();
  const plain = searchTimes((q) => matrix.search(q, K), next);
  // Keys as the agent filters them (one kind of knowledge, or one customer's files): 1 in 10 pass.
  const filtered = searchTimes((q) => matrix.search(q, K, (key) => key.endsWith('7')), next);
  const label = `${size.toLocaleString('en-US')} vectors`;
  const figures: Figure[] = [
    {
      scenario: S,
      name: `${label}: search p50 (k = ${K})`,
      value: plain.p50,
      unit: 'ms',
      note: `backend ${backend}`,
      ...(size >= 100_000 ? { target: { kind: 'max' as const, value: 30 } } : {}),
    },
    { scenario: S, name: `${label}: search p95 (k = ${K})`, value: plain.p95, unit: 'ms' },
    { scenario: S, name: `${label}: search p50, 1 key in 10 accepted`, value: filtered.p50, unit: 'ms' },
    { scenario: S, name: `${label}: load (add)`, value: loadMs, unit: 'ms' },
    { scenario: S, name: `${label}: memory (heap + external)`, value: memory, unit: 'MB' },
  ];
  if (backend === 'usearch') {
    // The fallback's speed, should the binary not load on some machine.
    const js = new VectorMatrix(DIMS, { backend: 'js' });
    js.reserve(size);
    const row = new Float32Array(DIMS);
    for (let i = 0; i < size; i++) {
      randomUnit(next, row, 0);
      js.add(`fragment:${i}`, row);
    }
    const scan = searchTimes((q) => js.search(q, K), next);
    figures.push({ scenario: S, name: `${label}: search p50, JavaScript scan`, value: scan.p50, unit: 'ms' });
  }
  return figures;
}

/**
 * The agent's knowledge search in process: exact top-10 by dot product over 768-dimension unit
 * vectors (seeded random), 10,000 and 100,000 of them; search latency, load time and memory. No
 * server and no database: its figures are the same on either.
 */
export const vectorsScenario: Scenario = {
  name: S,
  databases: ['pglite'],
  async run() {
    return repeated(async (round) => {
      const figures: Figure[] = [];
      for (const size of SIZES) figures.push(...(await measure(size, round)));
      return figures;
    });
  },
};
