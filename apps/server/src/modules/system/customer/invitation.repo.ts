import type { InvitationCode } from '@agent-console/contracts';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/client';
import { invitationCodes } from '../../../db/schema';
import { newInvitationCode } from '../../../lib/random';

/** Other features read and write this feature's tables through these functions, never through the tables (issue 35). */

/** Issues a new code for the customer (a customer gets its first when it is created). */
export async function createInvitationCode(exec: Executor, customerId: number): Promise<InvitationCode> {
  const [row] = await exec.insert(invitationCodes).values({ customerId, code: newInvitationCode() }).returning();
  if (!row) throw new Error('invitation code not inserted');
  return { code: row.code, createdAt: row.createdAt.toISOString() };
}

/** The customer's live code; one is made if the customer never had one. */
export async function currentInvitationCode(db: Db, customerId: number): Promise<InvitationCode> {
  const [row] = await db
    .select()
    .from(invitationCodes)
    .where(and(eq(invitationCodes.customerId, customerId), isNull(invitationCodes.revokedAt)))
    .orderBy(desc(invitationCodes.createdAt))
    .limit(1);
  if (row) return { code: row.code, createdAt: row.createdAt.toISOString() };
  return createInvitationCode(db, customerId);
}

/** Revokes every live code of the customer and issues a new one; registration with an old one fails. */
export async function rotateInvitationCode(db: Db, customerId: number): Promise<InvitationCode> {
  return db.transaction(async (tx) => {
    await tx
      .update(invitationCodes)
      .set({ revokedAt: new Date() })
      .where(and(eq(invitationCodes.customerId, customerId), isNull(invitationCodes.revokedAt)));
    return createInvitationCode(tx, customerId);
  });
}
