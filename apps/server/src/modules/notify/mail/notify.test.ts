import { SUPER_ADMIN_ROLE_KEY, USAGE_PERMISSIONS } from '@agent-console/contracts';
import { POST_PERMISSIONS } from '@agent-console/contracts/system-post';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { useSmtpPeer } from '@agent-console/server/test/fixtures/smtp-peer';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailSettings, roles, users } from '../../../db/schema';
import type { MailDeps } from './mail-settings';
import { notify, notifyRecipients } from './notify';

const { t, f } = useAdminApp();
const peer = useSmtpPeer({ auth: { user: 'notifier', pass: 'notify-pass-1' } });
let logLines: { msg: string; [key: string]: unknown }[];
let deps: MailDeps;

beforeAll(() => {
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => logLines.push(JSON.parse(line) as { msg: string }) },
  );
  deps = { db: t.database.db, secretBox: t.secretBox, logger };
});
beforeEach(async () => {
  logLines = [];
  await t.database.db.delete(mailSettings);
});

const saveSettings = (over: object = {}) =>
  f.ok('POST', '/api/v3/message/mail/save', {
    host: '127.0.0.1',
    port: peer.port,
    security: 'none',
    username: 'notifier',
    password: 'notify-pass-1',
    fromAddress: 'alerts@example.com',
    fromName: 'Console alerts',
    ...over,
  });

/** A customer with users who should and should not hear of its events. */
async function customerWithUsers() {
  const name = f.unique('Quota Customer ');
  const customerId = await f.customer(name);
  const viewer = await f.role({ codes: [USAGE_PERMISSIONS.view], customerId });
  const other = await f.role({ codes: [POST_PERMISSIONS.list], customerId });
  const make = async (roleIds: number[], email: string | null, enabled = true) => {
    const u = await f.user({ customerId, roleIds });
    await t.database.db.update(users).set({ email, enabled }).where(eq(users.id, u.id));
    return { ...u, email };
  };
  const tag = f.unique('');
  const holder = await make([viewer], `holder-${tag}@example.com`);
  const second = await make([other, viewer], `second-${tag}@example.com`);
  const lacking = await make([other], `lacking-${tag}@example.com`);
  // The super-admin role holds every permission without menu rows.
  const [superAdmin] = await t.database.db.select().from(roles).where(eq(roles.key, SUPER_ADMIN_ROLE_KEY));
  const chief = await make([superAdmin?.id ?? 0], `chief-${tag}@example.com`);
  await make([viewer], null);
  await make([viewer], `disabled-${tag}@example.com`, false);
  // A holder in another customer hears nothing of this one.
  const elsewhere = await f.customer();
  const elsewhereRole = await f.role({ codes: [USAGE_PERMISSIONS.view], customerId: elsewhere });
  const outsider = await f.user({ customerId: elsewhere, roleIds: [elsewhereRole] });
  await t.database.db
    .update(users)
    .set({ email: `outsider-${tag}@example.com` })
    .where(eq(users.id, outsider.id));
  return { customerId, name, holder, second, chief, lacking, tag };
}

describe('notify', () => {
  it('mails a usage-quota event at 80 % to the customer’s users holding the usage permission', async () => {
    await saveSettings();
    const c = await customerWithUsers();
    const recipients = await notifyRecipients(deps, c.customerId);
    expect(recipients.map((r) => r.email)).toEqual([c.holder.email, c.second.email, c.chief.email]);
    expect(recipients.every((r) => r.lang === 'en')).toBe(true);

    const outcome = await notify(deps, {
      kind: 'usage-quota',
      customerId: c.customerId,
      percent: 80,
      used: 800,
      quota: 1000,
    });
    expect(outcome).toEqual({ status: 'sent', sent: 3, failed: 0 });
    const got = await peer.waitFor((m) => m.to.includes(c.holder.email ?? ''));
    expect(got).toMatchObject({ from: 'alerts@example.com', user: 'notifier', to: [c.holder.email] });
    expect(got.subject).toBe(`Agent Console: ${c.name} has used 80% of its monthly quota`);
    expect(got.text).toContain('has used 800 of its 1000 agent answers this month (80%)');
    await peer.waitFor((m) => m.to.includes(c.second.email ?? ''));
    // One mail each: no recipient sees another's address, and nobody else got one.
    await peer.waitFor((m) => m.to.includes(c.chief.email ?? ''));
    const mine = peer.received.filter((m) => m.raw.includes(c.tag));
    expect(mine.map((m) => m.to)).toEqual([[c.holder.email], [c.second.email], [c.chief.email]]);
    expect(logLines.some((l) => l.msg === 'event mail sent' && l.sent === 3)).toBe(true);
  });

  it('mails an account going offline the same way', async () => {
    await saveSettings();
    const c = await customerWithUsers();
    const outcome = await notify(deps, {
      kind: 'account-offline',
      customerId: c.customerId,
      accountName: 'Sales desk',
    });
    expect(outcome.sent).toBe(3);
    const got = await peer.waitFor((m) => m.to.includes(c.holder.email ?? '') && m.subject.includes('offline'));
    expect(got.subject).toBe('Agent Console: messaging account "Sales desk" is offline');
    expect(got.text).toContain(`of ${c.name} has gone offline`);
  });

  it('does nothing, and logs why, when mail is not configured or disabled or nobody qualifies', async () => {
    const c = await customerWithUsers();
    const event = { kind: 'usage-quota', customerId: c.customerId, percent: 100, used: 10, quota: 10 } as const;
    expect(await notify(deps, event)).toEqual({ status: 'notConfigured', sent: 0, failed: 0 });
    expect(logLines.map((l) => l.msg)).toContain('mail not sent: mail settings are not configured');

    await saveSettings({ enabled: false });
    expect((await notify(deps, event)).status).toBe('disabled');
    expect(logLines.map((l) => l.msg)).toContain('mail not sent: mail settings are disabled');

    await saveSettings();
    const empty = await f.customer();
    expect((await notify(deps, { ...event, customerId: empty })).status).toBe('noRecipients');
    expect(peer.received.some((m) => m.raw.includes(c.tag))).toBe(false);
  });

  it('logs a refused delivery and returns, never throwing into the caller', async () => {
    const c = await customerWithUsers();
    await saveSettings({ password: 'not-the-password' });
    const outcome = await notify(deps, { kind: 'account-offline', customerId: c.customerId, accountName: 'X' });
    expect(outcome).toEqual({ status: 'failed', sent: 0, failed: 3 });
    const failures = logLines.filter((l) => l.msg === 'event mail failed');
    expect(failures).toHaveLength(3);
    expect(String(failures[0]?.reason)).toContain('Invalid username or password');
    expect(JSON.stringify(logLines)).not.toContain('not-the-password');

    // Even a database that fails under it ends in a log line, not an exception.
    const broken: MailDeps = {
      ...deps,
      db: {
        select: () => {
          throw new Error('database gone');
        },
      } as unknown as MailDeps['db'],
    };
    expect((await notify(broken, { kind: 'account-offline', customerId: c.customerId, accountName: 'X' })).status).toBe(
      'failed',
    );
    expect(logLines.at(-1)?.msg).toBe('event mail not sent');
  });
});
