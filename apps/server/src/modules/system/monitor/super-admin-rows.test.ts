import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { BRANCH_PASSWORD, createBranchMonitor, seedOperationRow } from '@agent-console/server/test/fixtures/monitor';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginLogs, operationLogs, sessions, users } from '../../../db/schema';

/**
 * A super-admin account is out of reach of everyone who is not a super admin (docs/security.md,
 * issue 11 #6), and so are its sessions and its trail in the logs: an administrator of the root
 * customer, whose scope holds the super admin's customer, must neither end the super admin's
 * sessions nor see or wipe its login and operation log rows. Found from outside (security.md #18).
 */
const { t, admin } = useAdminApp();
const ONLINE = '/api/v3/monitor/online/user';
const OPER = '/api/v3/monitor/operation/log';
const LOGIN = '/api/v3/monitor/log/login';
let hq: string;
let adminId: number;

beforeAll(async () => {
  // The root customer's own monitor: data scope 3 (its customer), every monitoring permission.
  const monitor = await createBranchMonitor(t, 'Root desk', 1);
  hq = await t.login(monitor.username, BRANCH_PASSWORD);
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  adminId = row?.id ?? 0;
});

type Listed = { list: { key?: string; id?: number; username: string | null; userId: number | null }[] };
const listAs = async (token: string, url: string) =>
  (await t.call<Listed>('POST', url, { token, body: { pageSize: 100 } })).body.data.list;
const adminSessions = () => t.database.db.$count(sessions, eq(sessions.userId, adminId));

const operationRow = (userId: number, username: string) => seedOperationRow(t, 1, username, { userId });

describe("the super admin's sessions and log rows, for a root-customer administrator", () => {
  it('are not listed, and cannot be ended', async () => {
    const seen = await listAs(hq, `${ONLINE}/page`);
    expect(seen.map((r) => r.username)).toContain('rootdeskuser');
    expect(seen.some((r) => r.userId === adminId)).toBe(false);
    const before = await adminSessions();
    expect(before).toBeGreaterThan(0);
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.userId, adminId));
    const key = session?.id ?? '';
    expect((await t.call('GET', `${ONLINE}/logout/${key}`, { token: hq })).body.code).toBe('A0404');
    expect((await t.call('POST', `${ONLINE}/logout`, { token: hq, body: { keys: [key] } })).body.code).toBe('A0404');
    expect(await adminSessions()).toBe(before);
    // The super admin still sees them all.
    expect((await listAs(admin(), `${ONLINE}/page`)).some((r) => r.userId === adminId)).toBe(true);
  });

  it('are not listed in the login log, and survive its delete and clean', async () => {
    const adminRows = () =>
      t.database.db.$count(loginLogs, and(eq(loginLogs.userId, adminId), eq(loginLogs.customerId, 1)));
    const before = await adminRows();
    expect(before).toBeGreaterThan(0);
    expect((await listAs(hq, `${LOGIN}/page`)).some((r) => r.userId === adminId)).toBe(false);
    const [row] = await t.database.db.select().from(loginLogs).where(eq(loginLogs.userId, adminId)).limit(1);
    const del = await t.call('POST', `${LOGIN}/delete`, { token: hq, body: { ids: [row?.id ?? 0] } });
    expect(del.body.code).toBe('A0404');
    expect((await t.call('GET', `${LOGIN}/clean`, { token: hq })).body.code).toBe('00000');
    expect(await adminRows()).toBe(before);
    // The root desk's own rows were in its reach, and went.
    const own = await t.database.db.$count(loginLogs, eq(loginLogs.username, 'rootdeskuser'));
    expect(own).toBe(0);
    expect((await listAs(admin(), `${LOGIN}/page`)).some((r) => r.userId === adminId)).toBe(true);
  });

  it('are not listed in the operation log, and survive its delete and clean', async () => {
    const adminRow = await operationRow(adminId, 'admin');
    const [desk] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'rootdeskuser'));
    const deskRow = await operationRow(desk?.id ?? 0, 'rootdeskuser');
    expect((await listAs(hq, `${OPER}/page`)).map((r) => r.id)).toEqual(expect.arrayContaining([deskRow]));
    expect((await listAs(hq, `${OPER}/page`)).some((r) => r.userId === adminId)).toBe(false);
    expect((await t.call('POST', `${OPER}/delete`, { token: hq, body: { ids: [adminRow] } })).body.code).toBe('A0404');
    expect((await t.call('GET', `${OPER}/clean`, { token: hq })).body.code).toBe('00000');
    await t.app.auditSettled();
    expect(await t.database.db.$count(operationLogs, eq(operationLogs.id, adminRow))).toBe(1);
    expect(await t.database.db.$count(operationLogs, eq(operationLogs.id, deskRow))).toBe(0);
    expect((await listAs(admin(), `${OPER}/page`)).map((r) => r.id)).toContain(adminRow);
  });
});
