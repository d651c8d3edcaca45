import { z } from 'zod';
import { apiRoutes, type RouteSchemas } from './api-route';
import { pageQuerySchema, pageResultSchema } from './envelope';
import { pathId, text } from './primitives';

/**
 * A document's fragments as the agent uses them (issue 32): staff open a document to check what
 * the agent quotes, search in it, correct a fragment's text or switch a fragment off. A change
 * is searchable at the very next answer.
 */

/** Longest fragment text a person may save: a fragment is cut at about 1,000 tokens. */
export const FRAGMENT_CONTENT_MAX = 20_000;

export const knowledgeFragmentSchema = z.object({
  id: z.number().int(),
  fileId: z.number().int(),
  seq: z.number().int(),
  /** The heading the fragment sits under: context, never quoted. */
  heading: z.string().nullable(),
  content: z.string(),
  tokens: z.number().int(),
  enabled: z.boolean(),
  updatedAt: z.string(),
});
export type KnowledgeFragment = z.infer<typeof knowledgeFragmentSchema>;

/** GET /knowledge/file/:id/fragments */
export const fragmentPageSchema = pageQuerySchema.extend({
  keyword: text().trim().max(200).optional(),
});
export type FragmentPageQuery = z.input<typeof fragmentPageSchema>;

/** POST /knowledge/fragment/update/:id — new text, on/off, or both. */
export const fragmentUpdateSchema = z
  .strictObject({
    content: text().trim().min(1).max(FRAGMENT_CONTENT_MAX).optional(),
    enabled: z.boolean().optional(),
  })
  .refine((body) => body.content !== undefined || body.enabled !== undefined, {
    message: 'required',
    path: ['content'],
  });
export type FragmentUpdateBody = z.input<typeof fragmentUpdateSchema>;

export const fragmentIdParamsSchema = z.object({ id: pathId() });

export const FRAGMENT_ROUTE_SCHEMAS = {
  page: {
    summary: 'A document’s fragments in reading order, as the agent uses them; keyword search',
    params: fragmentIdParamsSchema,
    querystring: fragmentPageSchema,
    answer: pageResultSchema(knowledgeFragmentSchema),
  },
  update: {
    summary: 'Correct a fragment’s text and/or switch it off or on; the agent uses the change at its next answer',
    params: fragmentIdParamsSchema,
    body: fragmentUpdateSchema,
    answer: knowledgeFragmentSchema,
  },
} satisfies RouteSchemas;

export const FRAGMENT_ROUTES = apiRoutes<typeof FRAGMENT_ROUTE_SCHEMAS>({
  page: 'GET /api/v3/knowledge/file/:id/fragments',
  update: 'POST /api/v3/knowledge/fragment/update/:id',
});
