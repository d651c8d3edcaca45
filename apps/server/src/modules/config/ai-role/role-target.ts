import type { AiRoleQuery } from '@agent-console/contracts';
import type { Executor } from '../../../db/client';
import { inScope } from '../../../http/data-scope';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';
import { customerExists } from '../../system/customer/customer.repo';
import { userNickName } from '../../system/user/user.repo';
import { appCustomerId } from '../app-config/app.repo';

/** The (customer, app) an AI role call is about, after the caller's scope allowed both. */
export interface RoleTarget {
  customerId: number;
  appId: number;
}

/**
 * The customer must be within the caller's data scope (else A0404 naming `customerId`, so other
 * customers cannot be probed), and the app must be one of that customer's (else A0404 naming
 * `appId`, the same answer for a missing app and another customer's).
 */
export async function loadRoleTarget(exec: Executor, auth: AuthContext, query: AiRoleQuery): Promise<RoleTarget> {
  if (!(await customerExists(exec, query.customerId)) || !inScope(auth, query.customerId)) {
    throw new AppError('A0404', { fields: [{ field: 'customerId', reason: 'outOfScope' }] });
  }
  if ((await appCustomerId(exec, query.appId)) !== query.customerId) {
    throw new AppError('A0404', { fields: [{ field: 'appId', reason: 'notCustomerApp' }] });
  }
  return { customerId: query.customerId, appId: query.appId };
}

/** The name a person knows a user by (the nickname); null for no user or one that is gone. */
export async function personName(exec: Executor, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  return userNickName(exec, userId);
}
