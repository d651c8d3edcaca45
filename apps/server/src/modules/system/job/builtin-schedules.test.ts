import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type BuiltinSchedule, JOB_PERMISSIONS, LANGUAGES } from '@agent-console/contracts';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { createScopedUser } from '@agent-console/server/test/fixtures/users';
import { describe, expect, it } from 'vitest';
import { isValidCron } from '../../../jobs/cron';
import { QUEUES, type Queue } from '../../../jobs/queues';
import { listBuiltinSchedules } from './builtin-schedules.service';

/**
 * Issue 35: the job screen lists, read-only, the schedules pg-boss fires by itself, read from the
 * queue catalogue (jobs/queues.ts), so a schedule added there is shown, and checked here, by itself.
 */
const { t, admin } = useAdminApp();
const J = JOB_PERMISSIONS;
const URL_BUILTIN = '/api/v3/system/job/builtin';

const scheduled = (Object.values(QUEUES) as Queue<object>[]).filter((q) => q.cron !== undefined);

describe('built-in schedules', () => {
  it('answers exactly the catalogue’s scheduled queues, with their cron and a next run to come', async () => {
    expect(scheduled.map((q) => q.name).sort()).toEqual(['chat-send-sweep', 'followup-sweep', 'gateway-status-sync']);
    const before = Date.now();
    const res = await t.call<BuiltinSchedule[]>('GET', URL_BUILTIN, { token: admin() });
    const after = Date.now();
    expect(res.status).toBe(200);
    expect(res.body.code).toBe('00000');
    // Only the fields the contract names: a key to put in words, no prose from the server.
    expect(res.body.data.map((s) => Object.keys(s).sort())).toEqual(scheduled.map(() => ['cron', 'key', 'nextFireAt']));
    expect(res.body.data.map(({ key, cron }) => ({ key, cron }))).toEqual(
      scheduled.map((q) => ({ key: q.name, cron: q.cron })),
    );
    for (const s of res.body.data) {
      expect(isValidCron(s.cron), s.key).toBe(true);
      expect(s.nextFireAt, s.key).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/);
      const next = Date.parse(s.nextFireAt ?? '');
      expect(next, s.key).toBeGreaterThan(before);
      // Once a minute: the next run is within the coming minute.
      if (s.cron === '* * * * *') expect(next, s.key).toBeLessThanOrEqual(after + 60_000);
    }
  });

  it('computes the next run after the given time, the cron read in UTC as pg-boss reads it', () => {
    const now = new Date('2026-03-01T10:15:30.250Z');
    for (const s of listBuiltinSchedules(now)) {
      if (s.cron === '* * * * *') expect(s.nextFireAt, s.key).toBe('2026-03-01T10:16:00.000Z');
      expect(Date.parse(s.nextFireAt ?? ''), s.key).toBeGreaterThan(now.getTime());
    }
  });

  it('is read with the job list permission, whatever the data scope; the short path is the same route', async () => {
    const reader = await createScopedUser(t, [J.list]);
    const res = await t.call<BuiltinSchedule[]>('GET', URL_BUILTIN, { token: reader.token });
    expect(res.body.code).toBe('00000');
    expect(res.body.data.map((s) => s.key)).toEqual(scheduled.map((q) => q.name));
    const short = await t.call<BuiltinSchedule[]>('GET', '/api/system/job/builtin', { token: reader.token });
    expect(short.body.data.map((s) => s.key)).toEqual(scheduled.map((q) => q.name));
  });

  it('needs a session, and refuses a user without the job list permission (even with the others)', async () => {
    expect((await t.call('GET', URL_BUILTIN)).body.code).toBe('A0301');
    const nobody = await createScopedUser(t, []);
    const denied = await t.call('GET', URL_BUILTIN, { token: nobody.token });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe('A0312');
    const noList = await createScopedUser(t, [J.add, J.edit, J.remove, J.run]);
    expect((await t.call('GET', URL_BUILTIN, { token: noList.token })).body.code).toBe('A0312');
  });

  it.each([
    '?cron=%00',
    '?%00=1',
    '?a=%ED%A0%80',
    '?a[b][c][d]=1',
    '?__proto__[polluted]=1',
    '?constructor[prototype][polluted]=1',
    '?pageNum=-1&pageSize=1e309',
    `?x=${'a'.repeat(10_000)}`,
    '?%E0%A4%A=broken',
    '?&&&==&=',
  ])('never answers a 5xx to the junk query %s', async (query) => {
    const res = await t.call<unknown>('GET', `${URL_BUILTIN}${query}`, { token: admin() });
    expect(res.status, query).toBeLessThan(500);
    expect(res.body.code, query).not.toMatch(/^[BC]/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

/** The web words each schedule by its key (system-job.json, `builtin.schedules.<key>`). */
const LOCALES = path.resolve(import.meta.dirname, '../../../../../web/src/platform/i18n/locales');
const texts = (lng: string) =>
  JSON.parse(readFileSync(path.join(LOCALES, lng, 'system-job.json'), 'utf8')) as Record<string, unknown>;
describe('built-in schedules in words', () => {
  it.each(LANGUAGES)('names and explains every catalogued schedule in %s', (lng) => {
    const words = (texts(lng).builtin as { schedules?: Record<string, { name?: string; about?: string }> }).schedules;
    for (const q of scheduled) {
      expect(words?.[q.name]?.name?.trim(), `${lng} ${q.name}.name`).toBeTruthy();
      expect(words?.[q.name]?.about?.trim(), `${lng} ${q.name}.about`).toBeTruthy();
    }
  });
});
