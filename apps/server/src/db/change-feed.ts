import pg from 'pg';

/** The channel the triggers of migration 0011 notify on; the payload is the written table's name. */
export const CHANGE_CHANNEL = 'ac_changes';
/** Published when changes may have been missed (the listening connection dropped): drop everything. */
export const ANY_TABLE = '*';

export type ChangeListener = (table: string) => void;

/**
 * Which tables were written, by any server instance or SQL session, as the database reports them
 * on commit. A cache in the process subscribes and drops what it holds from those tables. The feed
 * is `live` only while notifications can arrive; a cache must not answer from memory otherwise.
 *
 * A connection receives its own notifications before the reply to its COMMIT (PostgreSQL delivers
 * them ahead of ReadyForQuery; PGlite queues them before the query settles), so a write made
 * through this process has been published by the time the writing request answers.
 */
export class ChangeFeed {
  readonly #listeners = new Set<ChangeListener>();
  #live = false;

  get live(): boolean {
    return this.#live;
  }

  subscribe(listener: ChangeListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  publish(table: string): void {
    for (const listener of this.#listeners) listener(table);
  }

  /** Going down publishes ANY_TABLE: what was cached can no longer be kept in step. */
  setLive(live: boolean): void {
    if (this.#live && !live) this.publish(ANY_TABLE);
    this.#live = live;
  }
}

function relayTo(feed: ChangeFeed) {
  return (message: pg.Notification) => {
    if (message.channel === CHANGE_CHANNEL) feed.publish(message.payload || ANY_TABLE);
  };
}

/**
 * Has a pooled connection listen, so that it reports the changes its own transactions make. The
 * pool's `onConnect` hook: the pool hands the connection out once it listens (a connection that
 * cannot is not handed out at all).
 */
export async function listenOnPooledClient(client: pg.ClientBase, feed: ChangeFeed): Promise<void> {
  client.on('notification', relayTo(feed));
  await client.query(`LISTEN ${CHANGE_CHANNEL}`);
}

const RECONNECT_MS = [250, 1000, 2000, 5000] as const;

/**
 * One connection of its own that always listens, so that changes made by other instances arrive
 * even while no pooled connection is open. While it is down the feed is not live; it reconnects
 * with a growing pause. `ready` settles after the first attempt.
 */
export function startDedicatedListener(
  url: string,
  feed: ChangeFeed,
): { ready: Promise<void>; stop: () => Promise<void> } {
  let stopped = false;
  let client: pg.Client | null = null;
  let attempt = 0;
  let timer: NodeJS.Timeout | null = null;

  const retry = () => {
    feed.setLive(false);
    if (stopped || timer) return;
    const pause = RECONNECT_MS[Math.min(attempt, RECONNECT_MS.length - 1)];
    attempt += 1;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, pause);
    timer.unref();
  };

  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    client = next;
    next.on('error', () => {});
    next.on('end', () => {
      if (client === next) retry();
    });
    next.on('notification', relayTo(feed));
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGE_CHANNEL}`);
      if (stopped) return void (await next.end().catch(() => {}));
      attempt = 0;
      feed.setLive(true);
    } catch {
      await next.end().catch(() => {});
      if (client === next) retry();
    }
  };

  const ready = connect();
  const stop = async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await ready;
    feed.setLive(false);
    const last = client;
    client = null;
    await last?.end().catch(() => {});
  };
  return { ready, stop };
}
