import { createRequire } from 'node:module';

/**
 * Exact nearest-neighbour search over the agent's knowledge vectors, in process: a customer has
 * up to some 100,000 vectors of ~768 dimensions, which one scan answers in milliseconds, so no
 * approximate index (usearch's HNSW took minutes to build 100,000) and no index to keep in step.
 * Vectors are meant to be unit length, so the dot product is the cosine similarity.
 */

export interface VectorHit {
  key: string;
  /** The dot product of the query and the stored vector. */
  similarity: number;
}

/** The part of usearch that is used; typed here because it is loaded with `require` at run time. */
interface Usearch {
  MetricKind: { IP: string };
  exactSearch(data: Float32Array, queries: Float32Array, dims: number, k: number, metric: string): Matches;
}

type Matches = { keys: BigUint64Array; distances: Float32Array };

/** `undefined` until first needed; `null` once loading failed, so it is tried once a process. */
let usearch: Usearch | null | undefined;

function loadUsearch(): Usearch | null {
  if (usearch !== undefined) return usearch;
  try {
    // Loaded by `require` from this file's place so that the bundled server (usearch is an external
    // dependency, see bundle-options.mjs) and tsx/vitest find the same package and its prebuilt
    // binary, and so a machine without a binary for its platform falls back instead of failing to start.
    const mod = createRequire(import.meta.url)('usearch') as Usearch;
    // Pins the distance convention (1 - dot for IP) on vectors that tell it from -dot: a build that
    // answered otherwise would rank silently wrong, which is worse than the slower scan.
    const probe = mod.exactSearch(new Float32Array([1, 0, 0, 2]), new Float32Array([0, 1]), 2, 1, mod.MetricKind.IP);
    usearch = probe.keys[0] === 1n && Math.abs((probe.distances[0] ?? 0) + 1) < 1e-6 ? mod : null;
  } catch {
    usearch = null;
  }
  return usearch;
}

/** Which scan serves searches in this process, for logs and the bench. */
export function vectorBackend(): 'usearch' | 'js' {
  return loadUsearch() ? 'usearch' : 'js';
}

/**
 * Candidates first asked of usearch when a filter may reject some: every widening is another full
 * scan, while asking 640 rows instead of 40 of 100,000 cost under 1 ms more of a 15 ms scan.
 */
const FILTERED_CANDIDATES = 1024;

/** Rows preallocated by a new matrix, before the first doubling. */
const INITIAL_ROWS = 64;

/** Keys and their vectors, stored as one dense row-major Float32Array that a scan reads end to end. */
export class VectorMatrix {
  readonly dimensions: number;
  #data: Float32Array;
  #keys: string[] = [];
  #rows = new Map<string, number>();
  readonly #backend: 'auto' | 'js';

  /** `backend: 'js'` forces the JavaScript scan (to compare both backends). */
  constructor(dimensions: number, options: { backend?: 'js' } = {}) {
    if (!Number.isInteger(dimensions) || dimensions < 1) throw new RangeError(`bad dimensions: ${dimensions}`);
    this.dimensions = dimensions;
    this.#data = new Float32Array(INITIAL_ROWS * dimensions);
    this.#backend = options.backend ?? 'auto';
  }

  get size(): number {
    return this.#keys.length;
  }

  has(key: string): boolean {
    return this.#rows.has(key);
  }

  /** Room for `rows` vectors at once: a loader that knows the count spares the doublings' copies and slack. */
  reserve(rows: number): void {
    if (rows * this.dimensions > this.#data.length) this.#resize(rows);
  }

  /** Adds `key`'s vector, or replaces it in place when the key is there already. The vector is copied. */
  add(key: string, vector: Float32Array): void {
    if (vector.length !== this.dimensions) {
      throw new RangeError(`vector of ${vector.length} values, expected ${this.dimensions}`);
    }
    const existing = this.#rows.get(key);
    if (existing !== undefined) {
      this.#data.set(vector, existing * this.dimensions);
      return;
    }
    const row = this.size;
    if ((row + 1) * this.dimensions > this.#data.length) this.#resize(Math.max(row + 1, 2 * (row || 1)));
    this.#data.set(vector, row * this.dimensions);
    this.#keys.push(key);
    this.#rows.set(key, row);
  }

  /** Removes `key`; the last row moves into its place so that the rows stay dense. */
  delete(key: string): boolean {
    const row = this.#rows.get(key);
    if (row === undefined) return false;
    const last = this.size - 1;
    const d = this.dimensions;
    if (row !== last) {
      this.#data.copyWithin(row * d, last * d, (last + 1) * d);
      const moved = this.#keys[last] as string;
      this.#keys[row] = moved;
      this.#rows.set(moved, row);
    }
    this.#keys.pop();
    this.#rows.delete(key);
    return true;
  }

  /**
   * The `k` stored vectors most similar to `query`, best first; with `accept`, the best `k` whose
   * key it accepts (it may be asked about a key more than once, so it should be cheap and pure).
   */
  search(query: Float32Array, k: number, accept?: (key: string) => boolean): VectorHit[] {
    const d = this.dimensions;
    if (query.length !== d) throw new RangeError(`query of ${query.length} values, expected ${d}`);
    if (this.size === 0 || !(k >= 1)) return [];
    const data = this.#data.subarray(0, this.size * d);
    const keys = this.#keys;
    const accepted = accept && ((row: number) => accept(keys[row] as string));
    const native = this.#backend === 'auto' ? loadUsearch() : null;
    const rows = native
      ? this.#nativeRows(native, data, query, Math.floor(k), accepted)
      : this.#jsRows(data, query, Math.floor(k), accepted);
    // Both backends' scores come from one function, so the same matrix answers alike on either.
    return rows
      .map((row) => ({ row, similarity: dot(data, row * d, query, d) }))
      .sort((a, b) => b.similarity - a.similarity || a.row - b.row)
      .map(({ row, similarity }) => ({ key: keys[row] as string, similarity }));
  }

  /** Asks usearch for more than `k` when filtering, then four times more until `k` pass or every row was seen. */
  #nativeRows(native: Usearch, data: Float32Array, query: Float32Array, k: number, accept?: RowFilter): number[] {
    // The binding reads a view's ArrayBuffer from its start, ignoring the view's byte offset.
    const q = query.byteOffset === 0 ? query : query.slice();
    let wanted = Math.min(this.size, accept ? Math.max(k * 4, FILTERED_CANDIDATES) : k);
    for (;;) {
      const { keys } = native.exactSearch(data, q, this.dimensions, wanted, native.MetricKind.IP);
      const rows: number[] = [];
      for (let i = 0; i < keys.length && rows.length < k; i++) {
        const row = Number(keys[i]);
        if (!accept || accept(row)) rows.push(row);
      }
      if (rows.length >= k || wanted >= this.size) return rows;
      wanted = Math.min(this.size, wanted * 4);
    }
  }

  /** One pass over every row, keeping the best `k` in a min-heap (the worst kept on top). */
  #jsRows(data: Float32Array, query: Float32Array, k: number, accept?: RowFilter): number[] {
    const d = this.dimensions;
    const heap: Scored[] = [];
    for (let row = 0; row < this.size; row++) {
      const score = dot(data, row * d, query, d);
      if (heap.length === k && score <= (heap[0] as Scored).score) continue;
      if (accept && !accept(row)) continue;
      const item = { score, row };
      let i = 0;
      if (heap.length < k) {
        for (i = heap.push(item) - 1; i > 0 && worse(item, heap[(i - 1) >> 1] as Scored); i = (i - 1) >> 1) {
          heap[i] = heap[(i - 1) >> 1] as Scored;
        }
      } else {
        for (let c = 1; c < k; i = c, c = 2 * i + 1) {
          if (c + 1 < k && worse(heap[c + 1] as Scored, heap[c] as Scored)) c++;
          if (!worse(heap[c] as Scored, item)) break;
          heap[i] = heap[c] as Scored;
        }
      }
      heap[i] = item;
    }
    return heap.map((item) => item.row);
  }

  #resize(rows: number): void {
    const data = new Float32Array(rows * this.dimensions);
    data.set(this.#data.subarray(0, this.size * this.dimensions));
    this.#data = data;
  }
}

type RowFilter = (row: number) => boolean;

type Scored = { score: number; row: number };

/** Ties go to the lower row, as in the final sort. */
const worse = (a: Scored, b: Scored) => a.score < b.score || (a.score === b.score && a.row > b.row);

/** Four independent sums, so that the multiply-adds need not wait on each other. */
function dot(data: Float32Array, offset: number, query: Float32Array, d: number): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let i = 0;
  for (; i + 3 < d; i += 4) {
    s0 += (data[offset + i] as number) * (query[i] as number);
    s1 += (data[offset + i + 1] as number) * (query[i + 1] as number);
    s2 += (data[offset + i + 2] as number) * (query[i + 2] as number);
    s3 += (data[offset + i + 3] as number) * (query[i + 3] as number);
  }
  for (; i < d; i++) s0 += (data[offset + i] as number) * (query[i] as number);
  return s0 + s1 + s2 + s3;
}

/** `values` scaled to unit length, so that a dot product with it is a cosine. */
export function unitVector(values: ArrayLike<number>): Float32Array {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += (values[i] as number) ** 2;
  const norm = Math.sqrt(sum);
  if (!(norm > 0 && Number.isFinite(norm))) throw new RangeError('a zero or non-finite vector has no direction');
  return Float32Array.from(values, (v) => v / norm);
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Little-endian float32s, as a vector is kept in a bytea column. */
export function vectorToBytes(v: Float32Array): Uint8Array {
  if (LITTLE_ENDIAN) return new Uint8Array(v.buffer.slice(v.byteOffset, v.byteOffset + v.byteLength));
  const bytes = new Uint8Array(v.byteLength);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < v.length; i++) view.setFloat32(i * 4, v[i] as number, true);
  return bytes;
}

/** The vector of `vectorToBytes`, copied out: a driver's Buffer may sit at an offset no Float32Array allows. */
export function vectorFromBytes(bytes: Uint8Array, dimensions: number): Float32Array {
  if (bytes.byteLength !== dimensions * 4) {
    throw new RangeError(`${bytes.byteLength} bytes, expected ${dimensions * 4} for ${dimensions} dimensions`);
  }
  if (LITTLE_ENDIAN) return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Float32Array.from({ length: dimensions }, (_, i) => view.getFloat32(i * 4, true));
}
