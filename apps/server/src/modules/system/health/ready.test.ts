import { mkdir, rm, writeFile } from 'node:fs/promises';
import { createTestApp, type TestApp } from '@agent-console/server/test/test-app';
import { openTestDatabase } from '@agent-console/server/test/test-database';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { READY_REUSE_MS, type Readiness } from './ready.routes';

/**
 * GET /api/ready (issue 20): 200 when the database, the object storage and the job queue all
 * answer; 503 with the same body naming what is down — each made to fail for real: the storage's
 * folder replaced by a file, the job queue stopped, the database closed. No session needed; the
 * liveness check /api/health stays as it was.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ jobs: true });
});
afterAll(() => t.close());

const ready = (app: TestApp = t) => app.call<Readiness>('GET', '/api/ready');

/** The answer once it shows `status`: one look at the parts answers every caller for up to READY_REUSE_MS. */
async function readyOnce(status: number, app: TestApp = t) {
  await expect.poll(async () => (await ready(app)).status, { timeout: READY_REUSE_MS * 5, interval: 100 }).toBe(status);
  return ready(app);
}

describe('GET /api/ready', () => {
  it('answers 200 with every part ok on a healthy app, without a session', async () => {
    const res = await ready();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      code: '00000',
      message: 'ok',
      data: { status: 'ready', database: 'ok', storage: 'ok', jobs: 'ok' },
    });
    const health = await t.call<{ status: string }>('GET', '/api/health');
    expect(health.body.data.status).toBe('ok');
  });

  it('answers 503 naming the storage when its folder cannot be used, and 200 again once it can', async () => {
    await rm(t.filesDir, { recursive: true, force: true });
    await writeFile(t.filesDir, 'not a folder');
    try {
      const res = await readyOnce(503);
      expect(res.body.data).toEqual({ status: 'unavailable', database: 'ok', storage: 'down', jobs: 'ok' });
      expect(res.body.code).toBe('B0001');
      expect(res.body.message).toContain('storage');
    } finally {
      await rm(t.filesDir, { force: true });
      await mkdir(t.filesDir);
    }
    expect((await readyOnce(200)).status).toBe(200);
  });

  it('answers 503 naming the jobs once the job queue is stopped', async () => {
    await t.boss?.stop({ graceful: true, wait: true, timeout: 10_000 });
    const res = await readyOnce(503);
    expect(res.body.data).toEqual({ status: 'unavailable', database: 'ok', storage: 'ok', jobs: 'down' });
    expect(res.body.message).toContain('jobs');
  });
});

describe('GET /api/ready with the database closed', () => {
  let closed: TestApp;
  beforeAll(async () => {
    closed = await createTestApp({ database: await openTestDatabase(inject('databaseTemplate')) });
  });
  // The app was given its database, so it leaves it to us; it is closed already.
  afterAll(() => closed.close());

  it('answers 503 naming the database; /api/health says degraded', async () => {
    expect((await ready(closed)).status).toBe(200);
    await closed.database.close();
    const res = await readyOnce(503, closed);
    expect(res.body.data).toEqual({ status: 'unavailable', database: 'down', storage: 'ok', jobs: 'ok' });
    expect(res.body.message).toContain('database');
    expect((await closed.call<{ status: string }>('GET', '/api/health')).body.data.status).toBe('degraded');
  });
});
