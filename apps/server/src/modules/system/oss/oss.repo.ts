/** Other features read and write this feature's tables through these functions, never through the tables (issue 35). */
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { storedObjects } from '../../../db/schema';

/** A stored object's row by id, in a list (empty when there is none), to hand to `found`. */
export function storedObjectRows(exec: Executor, id: number): Promise<(typeof storedObjects.$inferSelect)[]> {
  return exec.select().from(storedObjects).where(eq(storedObjects.id, id));
}

/** What a save checks of the objects it names (owner, purpose, format, size, name), for all of them in one read. */
export function storedObjectFacts(
  exec: Executor,
  ids: number[],
): Promise<{ id: number; customerId: number; purpose: string; kind: string; size: number; name: string }[]> {
  return exec
    .select({
      id: storedObjects.id,
      customerId: storedObjects.customerId,
      purpose: storedObjects.purpose,
      kind: storedObjects.kind,
      size: storedObjects.size,
      name: storedObjects.originalName,
    })
    .from(storedObjects)
    .where(inArray(storedObjects.id, ids));
}

/** Whether a stored object with this id exists (a file message checks it before it is sent). */
export async function storedObjectExists(exec: Executor, id: number): Promise<boolean> {
  const [row] = await exec.select({ id: storedObjects.id }).from(storedObjects).where(eq(storedObjects.id, id));
  return row !== undefined;
}

/** The rows of the stored objects with these ids, in one read (ids without a row are left out). */
export function storedObjectsByIds(exec: Executor, ids: number[]): Promise<(typeof storedObjects.$inferSelect)[]> {
  return exec.select().from(storedObjects).where(inArray(storedObjects.id, ids));
}

/** Deletes the rows of these stored objects in one statement (their bytes are the caller's to delete after). */
export async function deleteStoredObjectRows(exec: Executor, ids: number[]): Promise<void> {
  await exec.delete(storedObjects).where(inArray(storedObjects.id, ids));
}
