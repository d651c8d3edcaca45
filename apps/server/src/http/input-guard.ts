import { type FieldError, isStorableText } from '@agent-console/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';

/** Deeper than any contract goes; deeper input is refused before anything recurses over it. */
export const MAX_INPUT_DEPTH = 32;

/**
 * Refuses, for every route at once and before its own validation, input that no field can hold:
 * text with a NUL or a lone UTF-16 surrogate (PostgreSQL cannot store either), in a value or a
 * key, anywhere in the body, query string or path, and bodies nested deeper than any contract.
 * The contracts' `text()` type says the same per field; this is the mechanism that makes it hold
 * for routes and fields that forget it. The answer names the first offending field.
 */
export function refuseUnstorableInput(request: FastifyRequest): void {
  for (const [part, value] of [
    ['params', request.params],
    ['querystring', request.query],
    ['body', request.body],
  ] as const) {
    const problem = findUnstorable(value);
    if (problem) throw AppError.field('A0400', problem.field || part, problem.reason);
  }
}

/** The first value (or key) that cannot be stored, walked iteratively so depth costs no stack. */
export function findUnstorable(root: unknown): FieldError | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: root, path: '', depth: 0 }];
  while (stack.length) {
    const { value, path, depth } = stack.pop() as (typeof stack)[number];
    if (typeof value === 'string') {
      if (!isStorableText(value)) return { field: path, reason: 'invalidCharacter' };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) return { field: path, reason: 'tooDeep' };
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    for (const [key, child] of entries) {
      if (!isStorableText(key)) return { field: path, reason: 'invalidCharacter' };
      stack.push({ value: child, path: path ? `${path}.${key}` : key, depth: depth + 1 });
    }
  }
  return null;
}
