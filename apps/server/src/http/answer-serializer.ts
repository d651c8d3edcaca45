import fastJson from 'fast-json-stringify';
import type { FastifySchemaCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { $ZodType, toJSONSchema } from 'zod/v4/core';

type RouteSchema = Parameters<FastifySchemaCompiler<unknown>>[0];
type Serializer = (data: unknown) => string;

/**
 * An answer's JSON written by a function compiled once per route from its contract
 * (fast-json-stringify over the zod schema's JSON Schema), instead of a zod check of every answer
 * followed by JSON.stringify: on a list page the check was most of the time spent serialising
 * (docs/decisions.md, "Issue 38: the list path").
 *
 * Only what the contract declares is written, as with the zod check: a field the contract does not
 * name (a hash, a secret on a row) never leaves. A schema that JSON Schema cannot say (a
 * transform, a custom check) keeps the zod serializer. With `checked` (the tests), every answer is
 * also checked against its contract first, so an answer that breaks it fails there, loudly, and
 * the compiled writer is what the tests exercise.
 */
export function answerSerializerCompiler(checked: boolean): (routeSchema: RouteSchema) => Serializer {
  // Compiled on a route's first answer, not at start: compiling all 180 routes' writers added a
  // fifth of a second to every start, and most starts (tests, a restart) answer few routes.
  return (routeSchema) => {
    let write: Serializer | undefined;
    return (data) => {
      write ??= compile(routeSchema, checked);
      return write(data);
    };
  };
}

function compile(routeSchema: RouteSchema, checked: boolean): Serializer {
  const zodCompiler = zodSerializerCompiler as unknown as (routeSchema: RouteSchema) => Serializer;
  const { schema } = routeSchema;
  const json = schema instanceof $ZodType ? jsonSchemaOf(schema) : undefined;
  const write = json ? writerOf(json) : undefined;
  if (!write) return zodCompiler(routeSchema);
  if (!checked) return write;
  const check = zodCompiler(routeSchema);
  return (data) => {
    check(data);
    return write(data);
  };
}

/** The compiled writer of a JSON Schema; undefined for one fast-json-stringify cannot compile. */
function writerOf(json: object): Serializer | undefined {
  try {
    return fastJson(json as Parameters<typeof fastJson>[0]) as Serializer;
  } catch {
    return undefined;
  }
}

/** The schema's output as draft-7 JSON Schema, or undefined when it holds a part JSON Schema cannot say. */
function jsonSchemaOf(schema: $ZodType): object | undefined {
  try {
    return toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw', cycles: 'ref' });
  } catch {
    return undefined;
  }
}
