import { codeForReason, passwordWeakness } from '@agent-console/contracts';
import { AppError } from '../../../lib/app-error';

/**
 * The one check of a new password chosen by a person (register, user create, password change):
 * the contracts' rule, answered as a field error naming `field` (A0420 `tooShort`, A0400
 * `containsUsername` or `weakPassword`). Generated passwords (reset) are strong by construction.
 */
export function assertPasswordAcceptable(password: string, username: string, field = 'password'): void {
  const weakness = passwordWeakness(password, username);
  if (weakness) throw AppError.field(codeForReason(weakness), field, weakness);
}
