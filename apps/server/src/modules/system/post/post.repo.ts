import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { posts } from './post.schema';

/** Other features read the post feature's tables through these, never through the tables. */

/** Of the given ids, the ones that are posts of this customer. */
export async function postIdsOfCustomer(db: Db, ids: number[], customerId: number): Promise<number[]> {
  const rows = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(inArray(posts.id, ids), eq(posts.customerId, customerId)));
  return rows.map((row) => row.id);
}
