import { hasPermission } from '../../../http/permission';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';

/**
 * Writing a permission code onto a menu or button hands that code to every role holding it, so a
 * caller may only write codes they hold, and only change a code they hold: otherwise an editor of
 * menus could give themselves any permission by relabelling a button they have.
 */
export function assertMaySetCode(auth: AuthContext, current: string | null, next: string | null): void {
  if (current === next) return;
  for (const code of [current, next]) {
    if (code && !hasPermission(auth, code)) throw AppError.field('A0312', 'permission', 'notGrantable');
  }
}
