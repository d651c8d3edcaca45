import type { Database } from '../../../../db/client';
import type { AppDeps } from '../../../../http/app-deps';
import { AppPortPolicy } from '../../../config/app-config/app-port';
import { APP_WATCH_MS, AppRuntime } from './app-runtime';

/** Where app listeners bind when `APPS_HOST` is not set. */
export const DEFAULT_APPS_HOST = '127.0.0.1';

const runtimes = new WeakMap<Database, AppRuntime>();

/**
 * The one runtime of a console: the app routes start and stop apps through it, and the
 * composition root's background work resumes apps at start and closes every listener on
 * shutdown. Both are handed the same dependencies, so the runtime belongs to their database.
 */
export function appRuntimeOf(
  deps: Pick<AppDeps, 'database' | 'appsHost' | 'logger' | 'llm' | 'embeddings' | 'clock' | 'metrics'> &
    Partial<Pick<AppDeps, 'secretBox' | 'appPorts' | 'tasks' | 'appApiRateLimit'>>,
): AppRuntime {
  let runtime = runtimes.get(deps.database);
  if (!runtime) {
    const { database } = deps;
    runtime = new AppRuntime(database.db, {
      host: deps.appsHost ?? DEFAULT_APPS_HOST,
      ports: new AppPortPolicy(deps.appPorts?.range, deps.appPorts?.reserved),
      locks: database.locks,
      // The embedded database has one process (db/data-dir-lock.ts): no other instance to watch.
      ...(database.driver === 'postgres' ? { watch: { changes: database.changes, everyMs: APP_WATCH_MS } } : {}),
      ...(deps.logger ? { logger: deps.logger } : {}),
      llm: deps.llm ?? null,
      embeddings: deps.embeddings ?? null,
      ...(deps.clock ? { clock: deps.clock } : {}),
      ...(deps.metrics ? { metrics: deps.metrics } : {}),
      ...(deps.appApiRateLimit ? { rateLimit: deps.appApiRateLimit } : {}),
      ...(deps.secretBox
        ? {
            secretBox: deps.secretBox,
            mail: {
              db: deps.database.db,
              secretBox: deps.secretBox,
              tasks: deps.tasks,
              ...(deps.logger ? { logger: deps.logger } : {}),
            },
          }
        : {}),
    });
    runtimes.set(deps.database, runtime);
  }
  return runtime;
}
