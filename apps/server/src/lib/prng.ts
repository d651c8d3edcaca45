import { createHash } from 'node:crypto';

/**
 * A small seeded generator (mulberry32): the simulator's generated contacts and the demo's history
 * are the same every time they are generated from their seed; not for anything secret.
 */
export interface Prng {
  /** A float in [0, 1). */
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

export function prng(seed: number): Prng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    chance: (p) => next() < p,
  };
}

/** A non-negative 31-bit seed from text (an account's wcId), stable across runs. */
export function seedOf(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0) & 0x7fffffff;
}
