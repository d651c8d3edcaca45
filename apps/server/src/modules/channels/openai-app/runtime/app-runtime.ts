import { APP_FAILURES, type AppState, type AppStatus } from '@agent-console/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { LOCK_NAMESPACE } from '../../../../db/advisory-lock';
import { ANY_TABLE, type ChangeFeed } from '../../../../db/change-feed';
import type { Db } from '../../../../db/client';
import type { SessionLocks } from '../../../../db/session-locks';
import type { EmbeddingClient } from '../../../../integrations/embedding';
import type { ChatLlm } from '../../../../integrations/llm';
import { AppError } from '../../../../lib/app-error';
import type { Clock } from '../../../../lib/clock';
import type { SecretBox } from '../../../../lib/secret-box';
import {
  type AppRow,
  appRow,
  appRunStates,
  appsMeantToRun,
  stopAppsNotMeantToRun,
  withdrawRunWish,
  writeAppState,
} from '../../../config/app-config/app.repo';
import type { AppPortPolicy } from '../../../config/app-config/app-port';
import type { MailDeps } from '../../../notify/mail/mail-settings';
import { type AppMetrics, createAppServer } from './app-server';
import { listenFailure } from './listen-failure';

interface Listener {
  server: FastifyInstance;
  /** Set when we close it, so that its close is not mistaken for a failure. */
  closing: boolean;
}

/** How often an instance looks for apps whose serving instance died (and takes them over). */
export const APP_WATCH_MS = 5_000;
/** How long a stop waits for the instance serving the app elsewhere to close it. */
const STOP_ELSEWHERE_MS = 10_000;
const OWNER = LOCK_NAMESPACE.appOwner;
type StateChange = { status: AppStatus; statusReason?: string | null; desiredRunning?: boolean };

/**
 * The listeners of running apps in this console process (WAVE2 §15.3, state machine §4.2):
 *
 *   stopped ─start→ starting ─→ running | failed (reason)     running ─stop→ stopping ─→ stopped
 *   failed ─start→ starting                                   failed ─stop→ stopped
 *   running ─listener error→ failed (reason)
 *
 * `desired_running` keeps what an operator asked for, so `resume` starts those apps again when
 * the console starts. Work on one app (start, stop, a port change, delete) runs one piece at a
 * time, so a double click sees the state the first click left and is refused clearly.
 *
 * Several instances on one PostgreSQL (docs/operations.md): an instance serves an app only while
 * it holds the app's advisory lock (db/session-locks.ts), so exactly one does. With `watch`, each
 * instance looks every APP_WATCH_MS, and at once when the change feed reports `apps`, for
 *   - apps it serves that an operator stopped or deleted on another instance: it closes them;
 *   - apps meant to run whose lock is free, because the instance serving them died: it takes
 *     them over (the database released that instance's locks with its connection).
 * A stop asked of an instance that does not serve the app withdraws the wish and waits until the
 * serving instance has let go of the lock.
 */
export class AppRuntime {
  private readonly listeners = new Map<number, Listener>();
  private readonly queues = new Map<number, Promise<unknown>>();
  private closed = false;
  private stopWatching: (() => void) | null = null;

  constructor(
    private readonly db: Db,
    private readonly options: {
      host: string;
      /** Which ports an app may take; checked on save and again before every listen. */
      ports: AppPortPolicy;
      locks: SessionLocks;
      /** Set where other instances may serve apps too (PostgreSQL): look after them. */
      watch?: { changes: ChangeFeed; everyMs: number };
      logger?: FastifyBaseLogger;
      llm?: ChatLlm | null;
      embeddings?: EmbeddingClient | null;
      mail?: MailDeps;
      clock?: Clock;
      metrics?: AppMetrics;
      /** Answer calls per app key and minute (createAppServer). */
      rateLimit?: number;
      /** Seals the widget's visitor tokens, so they outlive a restart. */
      secretBox?: SecretBox;
    },
  ) {}

  get host(): string {
    return this.options.host;
  }

  get ports(): AppPortPolicy {
    return this.options.ports;
  }

  /** Runs `work` for one app after every earlier piece of work for that app has finished. */
  exclusive<T>(appId: number, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(appId) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(appId, settled);
    void settled.then(() => {
      if (this.queues.get(appId) === settled) this.queues.delete(appId);
    });
    return next;
  }

  /** Whether this process serves the app right now. */
  isListening(appId: number): boolean {
    return this.listeners.has(appId);
  }

  /** The HTTP server of a running app, for diagnostics and tests. */
  serverOf(appId: number): FastifyInstance | undefined {
    return this.listeners.get(appId)?.server;
  }

  start(appId: number): Promise<AppState> {
    return this.exclusive(appId, async () => {
      const row = await this.load(appId);
      if (this.listeners.has(appId) || row.status === 'running' || row.status === 'starting') {
        throw AppError.field('A0440', 'app', 'alreadyRunning');
      }
      if (row.status === 'stopping') throw AppError.field('A0440', 'app', 'busy');
      return this.open(row);
    });
  }

  stop(appId: number): Promise<AppState> {
    return this.exclusive(appId, async () => {
      const row = await this.load(appId);
      const listener = this.listeners.get(appId);
      if (!listener && row.status === 'stopped') throw AppError.field('A0440', 'app', 'notRunning');
      if (listener) {
        await this.setState(appId, { status: 'stopping', desiredRunning: false });
        await this.closeListener(appId, listener);
      } else if (row.status !== 'failed') {
        // Served by another instance, or by none since its instance died.
        await this.stopElsewhere(appId);
      }
      // A failed app has no listener: stopping it only withdraws the wish to run it.
      return this.setState(appId, { status: 'stopped', statusReason: null, desiredRunning: false });
    });
  }

  /**
   * At console start: every app meant to run is started again (a failed start ends `failed` with
   * its reason, as a start from the screen would), and an app left `starting`, `running` or
   * `stopping` by a console that died is `stopped` unless it is meant to run.
   */
  async resume(): Promise<void> {
    await stopAppsNotMeantToRun(this.db);
    const wanted = await appsMeantToRun(this.db);
    for (const row of wanted) {
      try {
        const state = await this.exclusive(row.id, async () => {
          if (this.listeners.has(row.id)) return null;
          // Served by another instance already.
          if (!(await this.options.locks.tryAcquire(OWNER, row.id))) return null;
          return this.open(await this.load(row.id));
        });
        if (state) this.options.logger?.info({ appId: row.id, status: state.status }, 'app resumed');
      } catch (err) {
        // One app that cannot be resumed (deleted meanwhile) does not keep the others down.
        this.options.logger?.error({ err, appId: row.id }, 'app not resumed');
      }
    }
    this.watch();
  }

  /** Starts looking after apps other instances serve (see the class comment); once. */
  private watch(): void {
    const watch = this.options.watch;
    if (!watch || this.stopWatching || this.closed) return;
    let timer: NodeJS.Timeout | null = null;
    let running: Promise<void> | null = null;
    let again = false;
    const look = () => {
      if (this.closed) return;
      if (running) {
        again = true;
        return;
      }
      running = this.reconcile()
        .catch((err: unknown) => this.options.logger?.warn({ err }, 'apps of other instances not checked'))
        .finally(() => {
          running = null;
          if (again) {
            again = false;
            look();
          }
        });
    };
    const interval = setInterval(look, watch.everyMs);
    interval.unref();
    const unsubscribe = watch.changes.subscribe((table) => {
      if (table !== 'apps' && table !== ANY_TABLE) return;
      timer ??= setTimeout(() => {
        timer = null;
        look();
      }, 20);
    });
    // Locks lost with their connection: another instance may serve these apps by now.
    const unlost = this.options.locks.onLost(() => {
      for (const [appId, listener] of this.listeners) {
        this.options.logger?.error({ appId }, 'app lock lost; its listener closes');
        void this.exclusive(appId, () => this.closeListener(appId, listener)).catch(() => undefined);
      }
    });
    this.stopWatching = () => {
      clearInterval(interval);
      if (timer) clearTimeout(timer);
      unsubscribe();
      unlost();
    };
  }

  /** One look after the apps of every instance (see the class comment). */
  async reconcile(): Promise<void> {
    const rows = await appRunStates(this.db);
    const wanted = new Map(rows.map((row) => [row.id, row]));
    for (const [appId, listener] of [...this.listeners]) {
      if (wanted.get(appId)?.desiredRunning) continue;
      await this.exclusive(appId, async () => {
        if (this.listeners.get(appId) !== listener) return;
        const row = wanted.get(appId);
        if (row) await this.setState(appId, { status: 'stopping' });
        await this.closeListener(appId, listener);
        if (row) await this.setState(appId, { status: 'stopped', statusReason: null }).catch(() => undefined);
      });
    }
    for (const row of rows) {
      if (!row.desiredRunning || row.status === 'failed' || this.listeners.has(row.id) || this.closed) continue;
      await this.exclusive(row.id, async () => {
        if (this.listeners.has(row.id) || this.closed) return;
        if (!(await this.options.locks.tryAcquire(OWNER, row.id))) return;
        // Read again under the lock: it may have been stopped or deleted since the look.
        const current = await this.load(row.id).catch(() => undefined);
        if (!current?.desiredRunning || current.status === 'failed') {
          await this.options.locks.release(OWNER, row.id);
          return;
        }
        this.options.logger?.warn({ appId: row.id }, 'app taken over from an instance that stopped serving it');
        await this.open(current);
      });
    }
  }

  /**
   * A stop of an app this instance does not serve: withdraws the wish to run it (the serving
   * instance hears of it through the change feed) and waits until nobody holds its lock.
   */
  private async stopElsewhere(appId: number): Promise<void> {
    await withdrawRunWish(this.db, appId);
    const deadline = Date.now() + STOP_ELSEWHERE_MS;
    while (!(await this.options.locks.tryAcquire(OWNER, appId))) {
      if (Date.now() > deadline) throw AppError.field('A0440', 'app', 'busy');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await this.options.locks.release(OWNER, appId);
  }

  /** Console shutdown: closes every listener; the apps keep `desired_running` for the next start. */
  async close(): Promise<void> {
    this.closed = true;
    this.stopWatching?.();
    await Promise.allSettled([...this.queues.values()]);
    await Promise.allSettled(
      [...this.listeners.entries()].map(([appId, listener]) => this.closeListener(appId, listener)),
    );
  }

  private async load(appId: number): Promise<AppRow> {
    const row = await appRow(this.db, appId);
    if (!row) throw AppError.notFound();
    return row;
  }

  private async setState(appId: number, change: StateChange): Promise<AppState> {
    const row = await writeAppState(this.db, appId, change);
    if (!row) throw AppError.notFound();
    return { id: row.id, status: row.status as AppStatus, statusReason: row.statusReason };
  }

  /** starting → running, or failed with the reason the listener could not open. */
  private async open(row: AppRow): Promise<AppState> {
    if (this.closed) throw AppError.field('A0440', 'app', 'busy');
    // Another instance serves it (its row says so only once that instance has written it).
    if (!(await this.options.locks.tryAcquire(OWNER, row.id))) throw AppError.field('A0440', 'app', 'alreadyRunning');
    try {
      await this.setState(row.id, { status: 'starting', statusReason: null, desiredRunning: true });
    } catch (err) {
      await this.options.locks.release(OWNER, row.id);
      throw err;
    }
    // Saved before the policy, or before APP_PORTS changed: such a port is never bound, so an
    // app can never take the console's own port or a service's, whatever its row says.
    if (this.options.ports.problem(row.port)) {
      await this.options.locks.release(OWNER, row.id);
      const reason = APP_FAILURES.portNotAllowed({ port: row.port });
      this.options.logger?.warn({ appId: row.id, reason }, 'app failed to start');
      return this.setState(row.id, { status: 'failed', statusReason: reason });
    }
    const server = createAppServer({
      db: this.db,
      appId: row.id,
      llm: this.options.llm ?? null,
      embeddings: this.options.embeddings ?? null,
      ...(this.options.clock ? { clock: this.options.clock } : {}),
      ...(this.options.mail ? { mail: this.options.mail } : {}),
      ...(this.options.metrics ? { metrics: this.options.metrics } : {}),
      ...(this.options.rateLimit ? { rateLimit: this.options.rateLimit } : {}),
      ...(this.options.logger ? { logger: this.options.logger } : {}),
      ...(this.options.secretBox ? { secretBox: this.options.secretBox } : {}),
    });
    try {
      await server.listen({ host: this.options.host, port: row.port });
    } catch (err) {
      await server.close().catch(() => undefined);
      await this.options.locks.release(OWNER, row.id);
      const reason = listenFailure(err, this.options.host, row.port);
      this.options.logger?.warn({ appId: row.id, reason }, 'app failed to start');
      return this.setState(row.id, { status: 'failed', statusReason: reason });
    }
    const listener: Listener = { server, closing: false };
    this.listeners.set(row.id, listener);
    server.server.on('error', (err) =>
      this.lost(row.id, listener, APP_FAILURES.listenerFailed({ detail: err.message })),
    );
    server.server.on('close', () => this.lost(row.id, listener, APP_FAILURES.listenerClosed()));
    return this.setState(row.id, { status: 'running', statusReason: null });
  }

  private async closeListener(appId: number, listener: Listener): Promise<void> {
    listener.closing = true;
    if (this.listeners.get(appId) === listener) this.listeners.delete(appId);
    try {
      await listener.server.close();
    } finally {
      await this.options.locks.release(OWNER, appId);
    }
  }

  /** A listener that fails after it opened: the app ends `failed` with the reason. */
  private lost(appId: number, listener: Listener, reason: string): void {
    if (listener.closing) return;
    listener.closing = true;
    this.options.logger?.error({ appId, reason }, 'app listener lost');
    void this.exclusive(appId, async () => {
      // A stop that came first has closed it already and recorded `stopped`.
      if (this.listeners.get(appId) !== listener) return;
      this.listeners.delete(appId);
      await listener.server.close().catch(() => undefined);
      await this.options.locks.release(OWNER, appId);
      await this.setState(appId, { status: 'failed', statusReason: reason });
    }).catch((err: unknown) => this.options.logger?.error({ err, appId }, 'app state not recorded'));
  }
}
