import { PERMISSIONS } from '@agent-console/contracts';
import type { fixtures } from '@agent-console/server/test/fixtures/dept';
import type { SmtpPeer } from '@agent-console/server/test/fixtures/smtp-peer';
import type { TestApp } from '@agent-console/server/test/test-app';
import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema';

/** Mail settings pointing at the test's SMTP peer (as modules/mail/notify.test.ts sets them). */
export async function saveMailSettings(f: ReturnType<typeof fixtures>, peer: SmtpPeer): Promise<void> {
  await f.ok('POST', '/api/v3/message/mail/save', {
    host: '127.0.0.1',
    port: peer.port,
    security: 'none',
    fromAddress: 'alerts@example.com',
    fromName: 'Console alerts',
  });
}

/**
 * A customer with one user who hears of its events (holds `usage:dashboard:view`, has an email):
 * the recipient of the account-offline mail.
 */
export async function customerWithRecipient(
  t: TestApp,
  f: ReturnType<typeof fixtures>,
): Promise<{ customerId: number; email: string }> {
  const customerId = await f.customer(f.unique('Accounts Customer '));
  const role = await f.role({ codes: [PERMISSIONS.usage.view], customerId });
  const user = await f.user({ customerId, roleIds: [role] });
  const email = `${f.unique('watcher-')}@example.com`;
  await t.database.db.update(users).set({ email }).where(eq(users.id, user.id));
  return { customerId, email };
}
