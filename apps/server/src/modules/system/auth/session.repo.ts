import { and, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { sessions } from '../../../db/schema';

/** Other features read and write this feature's tables through these functions, never through the tables (issue 35). */

/**
 * Ends every session of a user (signs them out everywhere), but the one `keepSessionId` names
 * when given (the caller's own, after changing their password).
 */
export async function deleteSessionsOfUser(exec: Executor, userId: number, keepSessionId?: string): Promise<void> {
  await exec
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId)));
}
