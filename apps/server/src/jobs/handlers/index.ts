import type { JobHandler } from '../registry';
import { databaseHealthJob } from './database-health';
import { loginFailuresCleanupJob } from './login-failures';
import { sessionCleanupJob } from './sessions';

/** The handlers of no particular module; modules export their own, and background.ts registers all. */
export const BUILT_IN_JOB_HANDLERS: JobHandler[] = [databaseHealthJob, loginFailuresCleanupJob, sessionCleanupJob];
