import { describe, expect, it } from 'vitest';
import { type Prng, prng } from './prng';
import {
  unitVector,
  type VectorHit,
  VectorMatrix,
  vectorBackend,
  vectorFromBytes,
  vectorToBytes,
} from './vector-search';

const DIMS = 768;
const ROWS = 3000;

function randomUnit(random: Prng, dims = DIMS): Float32Array {
  return unitVector(Array.from({ length: dims }, () => random.next() * 2 - 1));
}

/** The plain definition: every stored vector scored in double precision, sorted. */
function bruteForce(
  stored: Map<string, Float32Array>,
  query: Float32Array,
  k: number,
  accept: (key: string) => boolean = () => true,
): VectorHit[] {
  const hits: VectorHit[] = [];
  for (const [key, v] of stored) {
    if (!accept(key)) continue;
    let sum = 0;
    for (let i = 0; i < v.length; i++) sum += (v[i] as number) * (query[i] as number);
    hits.push({ key, similarity: sum });
  }
  return hits.sort((a, b) => b.similarity - a.similarity).slice(0, k);
}

/** Same keys in the same order; two rows may trade places only where their scores tie. */
function expectSameRanking(actual: VectorHit[], expected: VectorHit[]): void {
  expect(actual.map((h) => h.key).length).toBe(expected.length);
  expected.forEach((want, i) => {
    const got = actual[i] as VectorHit;
    expect(got.similarity).toBeCloseTo(want.similarity, 6);
    if (got.key !== want.key) expect(Math.abs(got.similarity - want.similarity)).toBeLessThan(1e-6);
  });
}

/** Two matrices of the same vectors, one on each backend, and the vectors by key. */
function fixture(seed: number, rows = ROWS) {
  const random = prng(seed);
  const native = new VectorMatrix(DIMS);
  const js = new VectorMatrix(DIMS, { backend: 'js' });
  const stored = new Map<string, Float32Array>();
  for (let i = 0; i < rows; i++) {
    const key = `${i % 2 ? 'qa' : 'fragment'}:${i}`;
    const v = randomUnit(random);
    native.add(key, v);
    js.add(key, v);
    stored.set(key, v);
  }
  return { random, native, js, stored, both: [native, js] };
}

describe('VectorMatrix', () => {
  it('loads the usearch binary on this machine', () => {
    expect(vectorBackend()).toBe('usearch');
  });

  it('finds exactly what a brute-force scan finds, on both backends, which agree', () => {
    const { random, native, js, stored, both } = fixture(1);
    for (const k of [1, 10, 100]) {
      for (let q = 0; q < 5; q++) {
        const query = randomUnit(random);
        const expected = bruteForce(stored, query, k);
        for (const matrix of both) expectSameRanking(matrix.search(query, k), expected);
        expect(js.search(query, k)).toEqual(native.search(query, k));
      }
    }
    // A stored vector finds itself first.
    const self = stored.get('qa:1001') as Float32Array;
    for (const matrix of both) expect(matrix.search(self, 1)[0]).toMatchObject({ key: 'qa:1001' });
    expect(native.search(self, 1)[0]?.similarity).toBeCloseTo(1, 5);
  });

  it('returns every row, best first, when k exceeds the size; nothing for k below 1 or when empty', () => {
    const { random, stored, both } = fixture(2, 7);
    const query = randomUnit(random);
    for (const matrix of both) {
      expectSameRanking(matrix.search(query, 50), bruteForce(stored, query, 50));
      expect(matrix.search(query, 0)).toEqual([]);
    }
    expect(new VectorMatrix(DIMS).search(query, 5)).toEqual([]);
  });

  it('keeps results right through replacing and deleting (the last row moving into the gap)', () => {
    const { random, native, js, stored, both } = fixture(3);
    const keys = [...stored.keys()];
    for (let i = 0; i < 300; i++) {
      const key = keys[random.int(0, keys.length - 1)] as string;
      const v = randomUnit(random);
      for (const matrix of both) matrix.add(key, v);
      stored.set(key, v);
    }
    const doomed = new Set([keys[0], keys.at(-1), ...Array.from({ length: 500 }, () => random.pick(keys))]);
    for (const key of doomed) {
      for (const matrix of both) expect(matrix.delete(key as string)).toBe(true);
      stored.delete(key as string);
    }
    for (const matrix of both) {
      expect(matrix.delete('qa:nowhere')).toBe(false);
      expect(matrix.size).toBe(stored.size);
      expect(matrix.has(keys[0] as string)).toBe(false);
    }
    // Added after deletes: reuses the freed tail.
    const fresh = randomUnit(random);
    for (const matrix of both) matrix.add('qa:fresh', fresh);
    stored.set('qa:fresh', fresh);
    for (let q = 0; q < 5; q++) {
      const query = q === 0 ? fresh : randomUnit(random);
      const expected = bruteForce(stored, query, 20);
      for (const matrix of both) expectSameRanking(matrix.search(query, 20), expected);
      expect(js.search(query, 20)).toEqual(native.search(query, 20));
    }
    // Every surviving vector is still its own nearest neighbour, so no row was left with another's vector.
    for (const [key, v] of [...stored].slice(0, 200)) expect(native.search(v, 1)[0]?.key).toBe(key);
  });

  it('returns k accepted keys even when the best rows are rejected, widening up to every row', () => {
    const { random, stored, both } = fixture(4);
    const query = randomUnit(random);
    // More than the first batch of candidates asked of usearch, so that it has to widen.
    const best = new Set(bruteForce(stored, query, 1500).map((h) => h.key));
    const notBest = (key: string) => !best.has(key);
    const rare = new Set(['qa:7', 'fragment:1500', 'qa:2999']);
    const onlyRare = (key: string) => rare.has(key);
    for (const matrix of both) {
      const hits = matrix.search(query, 10, notBest);
      expect(hits).toHaveLength(10);
      expectSameRanking(hits, bruteForce(stored, query, 10, notBest));
      expectSameRanking(matrix.search(query, 10, onlyRare), bruteForce(stored, query, 10, onlyRare));
      expect(matrix.search(query, 10, () => false)).toEqual([]);
    }
  });

  it('reads a query that sits at an offset in its buffer (the binding itself would not)', () => {
    const { random, native, stored } = fixture(5, 500);
    const query = randomUnit(random);
    const padded = new Float32Array(DIMS + 3);
    padded.set(query, 3);
    expectSameRanking(native.search(padded.subarray(3), 10), bruteForce(stored, query, 10));
  });

  it('refuses vectors and queries of the wrong length and bad dimensions', () => {
    const matrix = new VectorMatrix(4);
    expect(() => matrix.add('qa:1', new Float32Array(3))).toThrow(RangeError);
    matrix.add('qa:1', unitVector([1, 0, 0, 0]));
    expect(() => matrix.add('qa:1', new Float32Array(5))).toThrow(RangeError);
    expect(() => matrix.search(new Float32Array(3), 1)).toThrow(RangeError);
    expect(() => new VectorMatrix(0)).toThrow(RangeError);
    expect(() => new VectorMatrix(1.5)).toThrow(RangeError);
    expect(matrix.size).toBe(1);
  });
});

describe('unitVector', () => {
  it('scales to unit length and refuses a zero vector', () => {
    const v = unitVector([3, 4]);
    expect([...v]).toEqual([Math.fround(0.6), Math.fround(0.8)]);
    const long = unitVector(Array.from({ length: DIMS }, (_, i) => i - 300));
    expect(long.reduce((s, x) => s + x * x, 0)).toBeCloseTo(1, 5);
    expect(() => unitVector([0, 0, 0])).toThrow(RangeError);
    expect(() => unitVector([1, Number.NaN])).toThrow(RangeError);
  });
});

describe('vectorToBytes / vectorFromBytes', () => {
  it('writes little-endian float32s and reads them back from any offset', () => {
    expect([...vectorToBytes(new Float32Array([1, -2]))]).toEqual([0, 0, 0x80, 0x3f, 0, 0, 0, 0xc0]);
    const v = randomUnit(prng(6));
    const bytes = vectorToBytes(v);
    expect(bytes.byteLength).toBe(DIMS * 4);
    expect(vectorFromBytes(bytes, DIMS)).toEqual(v);
    // As a driver may hand it over: a Buffer at an odd offset of a larger pool.
    const pooled = Buffer.alloc(bytes.byteLength + 1);
    pooled.set(bytes, 1);
    expect(vectorFromBytes(pooled.subarray(1), DIMS)).toEqual(v);
    // A view of part of a larger array is written on its own.
    expect(vectorToBytes(v.subarray(1, 3))).toEqual(bytes.subarray(4, 12));
  });

  it('refuses bytes of the wrong length', () => {
    expect(() => vectorFromBytes(new Uint8Array(DIMS * 4 - 1), DIMS)).toThrow(RangeError);
    expect(() => vectorFromBytes(new Uint8Array(8), 3)).toThrow(RangeError);
  });
});
