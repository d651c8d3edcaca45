import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { appItems, appNamespaces } from '../../../db/schema';

/** Other features read and write this feature's tables through these functions, never through the tables (issue 35). */

/** Moves an app's namespaces and their items to another customer, with the app (run in the caller's transaction). */
export async function moveAppConfigToCustomer(exec: Executor, appId: number, customerId: number): Promise<void> {
  const namespaces = await exec
    .update(appNamespaces)
    .set({ customerId })
    .where(eq(appNamespaces.appId, appId))
    .returning({ id: appNamespaces.id });
  if (namespaces.length) {
    await exec
      .update(appItems)
      .set({ customerId })
      .where(
        inArray(
          appItems.namespaceId,
          namespaces.map((n) => n.id),
        ),
      );
  }
}
