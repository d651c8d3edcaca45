import { z } from 'zod';
import { idNumber } from './primitives';

/** Where an app's listener is (WAVE2 §4.2 state machine; `failed` keeps its reason). */
export const APP_STATUSES = ['stopped', 'starting', 'running', 'stopping', 'failed'] as const;
export const appStatusSchema = z.enum(APP_STATUSES);
export type AppStatus = z.infer<typeof appStatusSchema>;

/** GET /app/info/getList: the light list behind the app pickers (configuration, AI screens). */
export const appListQuerySchema = z.object({ customerId: idNumber().optional() });
export const appOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  customerId: z.number().int(),
  status: appStatusSchema,
});
export type AppOption = z.infer<typeof appOptionSchema>;
