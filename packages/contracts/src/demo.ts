import { z } from 'zod';

/** GET /api/demo: whether this console runs in demo mode (`npm run demo`), so the sign-in page offers "Try the demo". */
export const demoModeSchema = z.object({ enabled: z.boolean() });
export type DemoMode = z.infer<typeof demoModeSchema>;

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
