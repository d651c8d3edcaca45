import type { Db } from '../../../db/client';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';
import { type ChatAccountRow, loadScopedAccount } from '../account/account-scope';
import { type ContactRow, contactById } from '../contact/contact.repo';

export type { ContactRow };

export interface ScopedContact {
  contact: ContactRow;
  account: ChatAccountRow;
}

/**
 * A contact the caller may see: its account is in the caller's data scope (the account's customer,
 * or the caller owns it). Anything else, a guessed id included, is A0404, as for the account calls.
 */
export async function loadScopedContact(db: Db, auth: AuthContext, contactId: number): Promise<ScopedContact> {
  const contact = await contactById(db, contactId);
  if (!contact) throw AppError.notFound();
  const account = await loadScopedAccount(db, auth, contact.accountId);
  return { contact, account };
}
