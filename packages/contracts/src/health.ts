import { z } from 'zod';
import { apiRoutes, type RouteSchemas } from './api-route';

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  driver: z.enum(['pglite', 'postgres']),
  version: z.string(),
});
export type Health = z.infer<typeof healthSchema>;

/**
 * The probes (docs/operations.md, "Readiness and metrics"). Readiness answers 503 when a part is
 * down, so the server registers it by hand at this path; `/metrics` is plain text outside /api and
 * stays by hand on its own path.
 */
export const HEALTH_ROUTE_SCHEMAS = {
  health: { summary: 'Whether the server and its database answer', answer: healthSchema },
  ready: { summary: 'Whether the server can serve: database, object storage and job queue' },
} satisfies RouteSchemas;

export const HEALTH_ROUTES = apiRoutes<typeof HEALTH_ROUTE_SCHEMAS>({
  health: 'GET /api/health',
  ready: 'GET /api/ready',
});
