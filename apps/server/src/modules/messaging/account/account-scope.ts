import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { chatAccounts } from '../../../db/schema';
import { assertInScope } from '../../../http/data-scope';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';

export type ChatAccountRow = typeof chatAccounts.$inferSelect;

/**
 * A messaging account the caller may act on: its customer is in the caller's data scope, or the
 * caller owns it (scope 5). Anything else, a guessed id included, is A0404, so ids of other
 * customers cannot be probed. Contacts, labels and messages belong to an account, so this one
 * check is the scope of all of them, and of the account calls themselves.
 */
export async function loadScopedAccount(db: Db, auth: AuthContext, accountId: number): Promise<ChatAccountRow> {
  const [row] = await db.select().from(chatAccounts).where(eq(chatAccounts.id, accountId));
  if (!row) throw AppError.notFound();
  assertInScope(auth, row.customerId, row.ownerUserId);
  return row;
}

/** Refuses work that needs the gateway to reach the phone (initialising, sending) while it is offline. */
export function assertOnline(account: ChatAccountRow): void {
  if (account.loginStatus !== 'online') throw AppError.field('A0440', 'accountId', 'accountOffline');
}
