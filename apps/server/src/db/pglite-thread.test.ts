import type { Worker } from 'node:worker_threads';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { guardConstraints } from './constraint-errors';
import { PgliteThread } from './pglite-thread';

const TIMESTAMPTZ = 1184;
const opened: PgliteThread[] = [];
/** An empty database made once; each test starts from a copy (creating one costs seconds). */
let empty: Uint8Array;

/** The embedded database's own thread: nothing here changes with TEST_DATABASE_URL, so that run skips it. */
const onPostgres = inject('databaseTemplate').kind === 'postgres';

beforeAll(async () => {
  if (onPostgres) return;
  const first = await PgliteThread.start({});
  empty = await first.dump();
  await first.close();
  // Creating a database from nothing takes several seconds, many more on a busy machine.
}, 360_000);

async function start(options: { loadDataDir?: Uint8Array } = {}): Promise<PgliteThread> {
  const thread = await PgliteThread.start({ loadDataDir: options.loadDataDir ?? empty });
  opened.push(thread);
  return thread;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((thread) => thread.close()));
});

describe.skipIf(onPostgres)('the embedded database in its own thread', () => {
  it('answers queries in either row mode, keeping as text the types asked for', async () => {
    const thread = await start();
    await thread.exec('CREATE TABLE t (id int PRIMARY KEY, at timestamptz, doc jsonb, bytes bytea)');
    await thread.query('INSERT INTO t VALUES ($1, $2, $3, $4)', [
      1,
      new Date('2026-01-02T03:04:05.678Z'),
      JSON.stringify({ a: [1, 2] }),
      new Uint8Array([1, 2, 3]),
    ]);
    const objects = await thread.query('SELECT id, at, doc, bytes FROM t');
    expect(objects.rows).toEqual([
      { id: 1, at: new Date('2026-01-02T03:04:05.678Z'), doc: { a: [1, 2] }, bytes: new Uint8Array([1, 2, 3]) },
    ]);
    expect(objects.fields.map((f) => f.name)).toEqual(['id', 'at', 'doc', 'bytes']);
    const arrays = await thread.query('SELECT id, at FROM t', [], {
      rowMode: 'array',
      parsers: { [TIMESTAMPTZ]: (value) => value },
    });
    expect(arrays.rows).toEqual([[1, '2026-01-02 03:04:05.678+00']]);
    const updated = await thread.query('UPDATE t SET doc = NULL');
    expect(updated.affectedRows).toBe(1);
  });

  it('raises PostgreSQL errors with their code and constraint, which the constraint guard reads', async () => {
    const thread = await start();
    await thread.exec('CREATE TABLE users (id int PRIMARY KEY, email text CONSTRAINT users_email_uq UNIQUE)');
    await thread.query("INSERT INTO users VALUES (1, 'a@x.io')");
    const clash = thread.query("INSERT INTO users VALUES (2, 'a@x.io')");
    await expect(clash).rejects.toMatchObject({ code: '23505', constraint: 'users_email_uq' });
    await expect(
      guardConstraints(['name', 'email'], () => thread.query("INSERT INTO users VALUES (3, 'a@x.io')")),
    ).rejects.toMatchObject({ code: 'A0111', data: { fields: [{ field: 'email', reason: 'taken' }] } });
    await expect(thread.query('SELECT * FROM missing')).rejects.toMatchObject({ code: '42P01' });
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    const thread = await start();
    await thread.exec('CREATE TABLE t (n int)');
    const value = await thread.transaction(async (tx) => {
      await tx.query('INSERT INTO t VALUES (1)');
      return (await tx.query('SELECT count(*)::int AS n FROM t')).rows[0];
    });
    expect(value).toEqual({ n: 1 });
    await expect(
      thread.transaction(async (tx) => {
        await tx.query('INSERT INTO t VALUES (2)');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const failedInside = thread.transaction(async (tx) => {
      await tx.query('INSERT INTO t VALUES (3)');
      await tx.query('SELECT 1/0');
    });
    await expect(failedInside).rejects.toMatchObject({ code: '22012' });
    expect((await thread.query('SELECT n FROM t ORDER BY n')).rows).toEqual([{ n: 1 }]);
  });

  it('runs a statement from outside an open transaction only once it has ended', async () => {
    const thread = await start();
    await thread.exec('CREATE TABLE t (n int)');
    let answered = false;
    const { outside } = await thread.transaction(async (tx) => {
      await tx.query('INSERT INTO t VALUES (1)');
      const read = thread.query('SELECT count(*)::int AS n FROM t');
      void read.then(() => {
        answered = true;
      });
      // Two round trips inside the transaction: the outside read is still waiting for it.
      await tx.query('SELECT 1');
      await tx.query('INSERT INTO t VALUES (2)');
      expect(answered).toBe(false);
      return { outside: read };
    });
    expect((await outside).rows).toEqual([{ n: 2 }]);
  });

  it('delivers a notification before the reply of the statement that caused it, also on commit', async () => {
    const thread = await start();
    const heard: string[] = [];
    await thread.listen('changes', (payload) => heard.push(payload));
    await thread.query("SELECT pg_notify('changes', 'direct')");
    expect(heard).toEqual(['direct']);
    await thread.transaction(async (tx) => {
      await tx.query("SELECT pg_notify('changes', 'in a transaction')");
      expect(heard).toEqual(['direct']);
    });
    expect(heard).toEqual(['direct', 'in a transaction']);
  });

  it('keeps the server thread free while a long statement runs', async () => {
    const thread = await start();
    let settled = false;
    const long = thread.query('SELECT count(*)::int AS n FROM generate_series(1, 3000000)').then((r) => {
      settled = true;
      return r;
    });
    // In the server's own thread the timer could not fire before the statement had finished.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    expect((await long).rows).toEqual([{ n: 3_000_000 }]);
    // Two minutes: on a machine busy with other work the statement alone can take tens of seconds.
  }, 480_000);

  it('copies a database through a dump', async () => {
    const source = await start();
    await source.exec("CREATE TABLE t (s text); INSERT INTO t VALUES ('kept')");
    const copy = await start({ loadDataDir: await source.dump() });
    expect((await copy.query('SELECT s FROM t')).rows).toEqual([{ s: 'kept' }]);
  });

  it('closes after the statements already sent, failing later ones as closed, once however often asked', async () => {
    const thread = await start();
    await thread.exec('CREATE TABLE t (n int)');
    let reported = false;
    void thread.stopped.then(() => {
      reported = true;
    });
    const before = thread.query('INSERT INTO t VALUES (1)');
    const closing = thread.close();
    const after = thread.query('SELECT 1');
    expect(thread.close()).toBe(closing);
    await expect(before).resolves.toMatchObject({ affectedRows: 1 });
    await expect(after).rejects.toThrow(/not open|closed/);
    await closing;
    await new Promise((resolve) => setImmediate(resolve));
    // A close is not a crash: nothing is reported.
    expect(reported).toBe(false);
  });

  it('fails every waiting statement, and reports it, when the thread stops unexpectedly', async () => {
    const thread = await start();
    // Any statement still running will do: the thread is ended at once.
    const long = thread.query('SELECT count(*) FROM generate_series(1, 1000000)');
    await (thread as unknown as { worker: Worker }).worker.terminate();
    await expect(long).rejects.toThrow(/the embedded database stopped/);
    await expect(thread.stopped).resolves.toBeInstanceOf(Error);
    await expect(thread.query('SELECT 1')).rejects.toThrow(/the embedded database stopped/);
  });
});
