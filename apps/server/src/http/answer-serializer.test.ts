import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerSerializerCompiler } from './answer-serializer';

/**
 * The answers' writer (issue 38): compiled from the contract, it writes what the contract
 * declares and nothing else, as the zod check did; with `checked` (the tests) an answer that
 * breaks its contract fails.
 */
const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  tags: z.array(z.string()),
  kind: z.enum(['staff', 'admin']),
});
const treeSchema: z.ZodType<{ id: number; children: unknown[] }> = z.lazy(() =>
  z.object({ id: z.number().int(), children: z.array(treeSchema) }),
);
const transformed = z.object({ n: z.number().transform((n) => n * 2) });

let app: FastifyInstance | undefined;
afterEach(() => app?.close());

async function serve(checked: boolean, schema: z.ZodType, answer: unknown) {
  app = Fastify();
  app.setSerializerCompiler(answerSerializerCompiler(checked));
  app.withTypeProvider<ZodTypeProvider>().get('/x', { schema: { response: { 200: schema } } }, async () => answer);
  const res = await app.inject({ method: 'GET', url: '/x' });
  return { status: res.statusCode, body: res.body };
}

describe('answer serializer', () => {
  const row = { id: 7, name: '张三 "quoted" \u2028', email: null, tags: ['a', 'b'], kind: 'staff' };

  it.each([false, true])(
    'writes what JSON.stringify writes for an answer that keeps its contract (checked %s)',
    async (checked) => {
      const { status, body } = await serve(checked, userSchema, row);
      expect(status).toBe(200);
      expect(JSON.parse(body)).toEqual(row);
    },
  );

  it.each([false, true])('never writes a field the contract does not declare (checked %s)', async (checked) => {
    const { body } = await serve(checked, userSchema, { ...row, passwordHash: 'secret-hash', extra: { a: 1 } });
    expect(body).not.toContain('secret-hash');
    expect(Object.keys(JSON.parse(body))).toEqual(['id', 'name', 'email', 'tags', 'kind']);
  });

  it('fails an answer that breaks its contract when checked', async () => {
    const { status, body } = await serve(true, userSchema, { ...row, kind: 'root' });
    expect(status).toBe(500);
    expect(body).not.toContain('root');
  });

  it('writes recursive contracts (trees)', async () => {
    const tree = { id: 1, children: [{ id: 2, children: [{ id: 3, children: [] }] }] };
    expect(JSON.parse((await serve(false, treeSchema, tree)).body)).toEqual(tree);
  });

  it('keeps the zod writer for a contract JSON Schema cannot say (a transform)', async () => {
    expect(JSON.parse((await serve(false, transformed, { n: 2 })).body)).toEqual({ n: 4 });
  });
});
