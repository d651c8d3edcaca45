import { and, eq, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { chatAccounts } from '../../../db/schema';
import type { ChatAccountRow } from './account-scope';

/**
 * Where the loading of an account's address list stands is kept on the account's row (issue 35:
 * the contacts feature, which runs the loading, writes it through these functions).
 */

/** The columns of an account row that tell where the loading of its address list stands. */
export type AddressInitValues = Partial<
  Pick<
    typeof chatAccounts.$inferInsert,
    | 'contactsInitStatus'
    | 'contactsProcessed'
    | 'contactsTotal'
    | 'contactsInitError'
    | 'contactsInitStartedAt'
    | 'contactsInitializedAt'
  >
>;

/** The account's row, locked (FOR UPDATE) until the caller's transaction ends; undefined when there is none. */
export async function lockAccountRow(tx: Executor, accountId: number): Promise<ChatAccountRow | undefined> {
  const [row] = await tx.select().from(chatAccounts).where(eq(chatAccounts.id, accountId)).for('update');
  return row;
}

/** Sets where the loading stands (and touches the row: a run that stops touching it is taken for dead). */
export async function setAddressInit(exec: Executor, accountId: number, values: AddressInitValues): Promise<void> {
  await exec
    .update(chatAccounts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(chatAccounts.id, accountId));
}

/** Like setAddressInit, answering the row as it is now (undefined when there is none). */
export async function setAddressInitReturning(
  exec: Executor,
  accountId: number,
  values: AddressInitValues,
): Promise<ChatAccountRow | undefined> {
  const [row] = await exec
    .update(chatAccounts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(chatAccounts.id, accountId))
    .returning();
  return row;
}

/**
 * Claims the queued run started at `startedAt` (queued → running), answering the row; undefined
 * when that run is finished or superseded by a newer one.
 */
export async function claimAddressInit(
  exec: Executor,
  accountId: number,
  startedAt: Date,
): Promise<ChatAccountRow | undefined> {
  const [row] = await exec
    .update(chatAccounts)
    .set({ contactsInitStatus: 'running', updatedAt: new Date() })
    .where(
      and(
        eq(chatAccounts.id, accountId),
        eq(chatAccounts.contactsInitStatus, 'queued'),
        eq(chatAccounts.contactsInitStartedAt, startedAt),
      ),
    )
    .returning();
  return row;
}

/** The accounts whose run is queued, or running but untouched for `staleMs` (its process was killed). */
export function addressInitsToRecover(exec: Executor, staleMs: number): Promise<ChatAccountRow[]> {
  const stale: SQL = lt(chatAccounts.updatedAt, sql`now() - ${`${staleMs / 1000} seconds`}::interval`);
  return exec
    .select()
    .from(chatAccounts)
    .where(
      or(eq(chatAccounts.contactsInitStatus, 'queued'), and(eq(chatAccounts.contactsInitStatus, 'running'), stale)),
    );
}
