import { APP_FAILURES, type AppState, type AppStatus } from '@agent-console/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { apps } from '../../../db/schema';
import type { ChatLlm } from '../../../integrations/llm';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { MailDeps } from '../../mail/mail-settings';
import { createAppServer } from './app-server';
import { listenFailure } from './listen-failure';

interface Listener {
  server: FastifyInstance;
  /** Set when we close it, so that its close is not mistaken for a failure. */
  closing: boolean;
}

type AppRow = typeof apps.$inferSelect;
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
 */
export class AppRuntime {
  private readonly listeners = new Map<number, Listener>();
  private readonly queues = new Map<number, Promise<unknown>>();
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly options: {
      host: string;
      logger?: FastifyBaseLogger;
      llm?: ChatLlm | null;
      mail?: MailDeps;
      clock?: Clock;
    },
  ) {}

  get host(): string {
    return this.options.host;
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
      if (!listener && (row.status === 'starting' || row.status === 'stopping')) {
        throw AppError.field('A0440', 'app', 'busy');
      }
      // A failed app has no listener: stopping it only withdraws the wish to run it.
      if (listener) {
        await this.setState(appId, { status: 'stopping', desiredRunning: false });
        await this.closeListener(appId, listener);
      }
      return this.setState(appId, { status: 'stopped', statusReason: null, desiredRunning: false });
    });
  }

  /**
   * At console start: every app meant to run is started again (a failed start ends `failed` with
   * its reason, as a start from the screen would), and an app left `starting`, `running` or
   * `stopping` by a console that died is `stopped` unless it is meant to run.
   */
  async resume(): Promise<void> {
    await this.db
      .update(apps)
      .set({ status: 'stopped', statusReason: null })
      .where(and(eq(apps.desiredRunning, false), inArray(apps.status, ['starting', 'running', 'stopping'])));
    const wanted = await this.db.select().from(apps).where(eq(apps.desiredRunning, true));
    for (const row of wanted) {
      try {
        const state = await this.exclusive(row.id, async () =>
          this.listeners.has(row.id) ? null : this.open(await this.load(row.id)),
        );
        if (state) this.options.logger?.info({ appId: row.id, status: state.status }, 'app resumed');
      } catch (err) {
        // One app that cannot be resumed (deleted meanwhile) does not keep the others down.
        this.options.logger?.error({ err, appId: row.id }, 'app not resumed');
      }
    }
  }

  /** Console shutdown: closes every listener; the apps keep `desired_running` for the next start. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.queues.values()]);
    await Promise.allSettled(
      [...this.listeners.entries()].map(([appId, listener]) => this.closeListener(appId, listener)),
    );
  }

  private async load(appId: number): Promise<AppRow> {
    const [row] = await this.db.select().from(apps).where(eq(apps.id, appId));
    if (!row) throw AppError.notFound();
    return row;
  }

  private async setState(appId: number, change: StateChange): Promise<AppState> {
    const [row] = await this.db
      .update(apps)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(apps.id, appId))
      .returning({ id: apps.id, status: apps.status, statusReason: apps.statusReason });
    if (!row) throw AppError.notFound();
    return { id: row.id, status: row.status as AppStatus, statusReason: row.statusReason };
  }

  /** starting → running, or failed with the reason the listener could not open. */
  private async open(row: AppRow): Promise<AppState> {
    if (this.closed) throw AppError.field('A0440', 'app', 'busy');
    await this.setState(row.id, { status: 'starting', statusReason: null, desiredRunning: true });
    const server = createAppServer({
      db: this.db,
      appId: row.id,
      llm: this.options.llm ?? null,
      ...(this.options.clock ? { clock: this.options.clock } : {}),
      ...(this.options.mail ? { mail: this.options.mail } : {}),
      ...(this.options.logger ? { logger: this.options.logger } : {}),
    });
    try {
      await server.listen({ host: this.options.host, port: row.port });
    } catch (err) {
      await server.close().catch(() => undefined);
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
    await listener.server.close();
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
      await this.setState(appId, { status: 'failed', statusReason: reason });
    }).catch((err: unknown) => this.options.logger?.error({ err, appId }, 'app state not recorded'));
  }
}
