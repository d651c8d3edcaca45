import type { TestApp } from '@agent-console/server/test/test-app';
import { chatAccounts } from '../../../db/schema';

let counter = 0;

type AccountValues = Partial<typeof chatAccounts.$inferInsert> & { customerId: number };

/**
 * An account row written straight to the table, for tests of lists, scope and the callback that
 * need an account without a QR login. Its wcId is unique per call.
 */
export async function insertAccount(t: TestApp, values: AccountValues): Promise<typeof chatAccounts.$inferSelect> {
  counter++;
  const tag = `${process.pid.toString(36)}x${counter}x${Date.now().toString(36)}`;
  // Logged in an hour ago, so that status reports of "now" are newer than the login.
  const loggedInAt = new Date(Date.now() - 3_600_000);
  const [row] = await t.database.db
    .insert(chatAccounts)
    .values({
      wcId: `wxid_fixture_${tag}`,
      account: `acct_${tag}`,
      nickname: `Account ${tag}`,
      loginStatus: 'online',
      firstLoginAt: loggedInAt,
      lastLoginAt: loggedInAt,
      ...values,
    })
    .returning();
  if (!row) throw new Error('fixture insert failed');
  return row;
}
