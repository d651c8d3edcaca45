import type { z } from 'zod';

/** A zod 4 schema's definition: what the walkers below read. */
export type ZodDef = { type: string } & Record<string, unknown>;
export const defOf = (schema: z.ZodType): ZodDef => (schema as unknown as { _zod: { def: ZodDef } })._zod.def;

/** Wrappers that hold one inner schema and add nothing a client sends. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional', 'catch']);

/**
 * Calls `visit` for every schema a client can reach under `schema`, with its path: `a.b` for an
 * object's keys, `a[]` for an array's items, `a{}` for a record's values. Wrappers, pipes, unions,
 * tuples, intersections and lazy schemas are looked through; each schema is visited once.
 */
export function walkSchema(
  schema: z.ZodType,
  visit: (node: { schema: z.ZodType; def: ZodDef; path: string }) => void,
  path = '',
  seen = new Set<unknown>(),
): void {
  if (seen.has(schema)) return;
  seen.add(schema);
  const def = defOf(schema);
  const walk = (child: unknown, at = path) => walkSchema(child as z.ZodType, visit, at, seen);
  visit({ schema, def, path });
  if (WRAPPERS.has(def.type)) {
    walk(def.innerType);
    return;
  }
  switch (def.type) {
    case 'object':
      for (const [key, child] of Object.entries(def.shape as Record<string, unknown>))
        walk(child, path ? `${path}.${key}` : key);
      break;
    case 'pipe':
      walk(def.in);
      break;
    case 'array':
      walk(def.element, `${path}[]`);
      break;
    case 'record':
      walk(def.valueType, `${path}{}`);
      break;
    case 'union':
    case 'tuple':
      for (const option of (def.options ?? def.items) as unknown[]) walk(option);
      break;
    case 'intersection':
      walk(def.left);
      walk(def.right);
      break;
    case 'lazy':
      walk((def.getter as () => unknown)());
      break;
  }
}
