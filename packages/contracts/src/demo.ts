import { z } from 'zod';
import { apiRoutes, type RouteSchemas } from './api-route';
import { loginResponseSchema } from './auth';

/** GET /api/demo: whether this console runs in demo mode (`npm run demo`), so the sign-in page offers "Try the demo". */
export const demoModeSchema = z.object({ enabled: z.boolean() });
export type DemoMode = z.infer<typeof demoModeSchema>;

/** The demo login (SPEC §7, docs/demo.md); the server registers `login` only in demo mode. */
export const DEMO_ROUTE_SCHEMAS = {
  mode: { summary: 'Whether this console runs in demo mode', answer: demoModeSchema },
  login: { summary: 'Sign in as the read-only demo user (demo mode only)', answer: loginResponseSchema },
} satisfies RouteSchemas;

export const DEMO_ROUTES = apiRoutes<typeof DEMO_ROUTE_SCHEMAS>({
  mode: 'GET /api/demo',
  login: 'POST /api/demo/login',
});

/** What one generation of the demo customer made (printed at start, read by tests). */
export interface DemoSummary {
  customerId: number;
  appId: number;
  accountId: number;
  /** Messages written: the contacts', the agent's replies and the replies by hand. */
  messages: number;
  leads: number;
  followupsSent: number;
  quota: number;
  used: number;
  seconds: number;
}
