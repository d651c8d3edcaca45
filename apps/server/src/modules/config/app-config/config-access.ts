import type { ConfigFormat } from '@agent-console/contracts';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { appNamespaces, apps } from '../../../db/schema';
import { inScope } from '../../../http/data-scope';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';

/**
 * Loading an app or a namespace for a caller. Scope is decided by the app's customer (the one
 * that owns the configuration); a row outside it answers exactly as a missing one: A0404, naming
 * the body field when the id came in the body, plainly for a path id.
 */
function missing(field: string | undefined): AppError {
  return field ? new AppError('A0404', { fields: [{ field, reason: 'invalidValue' }] }) : AppError.notFound();
}

export async function loadApp(exec: Executor, auth: AuthContext, appId: number, field = 'appId') {
  const [row] = await exec
    .select({ id: apps.id, customerId: apps.customerId, name: apps.name })
    .from(apps)
    .where(eq(apps.id, appId));
  if (!row || !inScope(auth, row.customerId)) throw missing(field);
  return row;
}

export interface LoadedNamespace {
  id: number;
  appId: number;
  /** The app's customer: who owns the namespace and its items. */
  customerId: number;
  name: string;
  format: ConfigFormat;
}

/**
 * A namespace within the caller's scope. `lock` takes its row for update, so item writes and a
 * change of the namespace's name or format (which re-checks every item) cannot interleave.
 */
export async function loadNamespace(
  exec: Executor,
  auth: AuthContext,
  id: number,
  options: { field?: string; lock?: boolean } = {},
): Promise<LoadedNamespace> {
  const query = exec
    .select({
      id: appNamespaces.id,
      appId: appNamespaces.appId,
      customerId: apps.customerId,
      name: appNamespaces.name,
      format: appNamespaces.format,
    })
    .from(appNamespaces)
    .innerJoin(apps, eq(apps.id, appNamespaces.appId))
    .where(eq(appNamespaces.id, id));
  const [row] = options.lock ? await query.for('update', { of: appNamespaces }) : await query;
  if (!row || !inScope(auth, row.customerId)) throw missing(options.field);
  return { ...row, format: row.format as ConfigFormat };
}
