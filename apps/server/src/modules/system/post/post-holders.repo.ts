import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { posts } from './post.schema';
import { userPosts } from './post-holders.schema';

/** Who holds which posts, as the user screens show and set it (never through the tables). */

/** The posts the given users hold, in the posts' own order. */
export function postsHeldBy(db: Db, userIds: number[]): Promise<{ userId: number; id: number; name: string }[]> {
  return db
    .select({ userId: userPosts.userId, id: posts.id, name: posts.name })
    .from(userPosts)
    .innerJoin(posts, eq(posts.id, userPosts.postId))
    .where(inArray(userPosts.userId, userIds))
    .orderBy(asc(posts.sort));
}

/** Makes the user hold exactly these posts (run inside the caller's transaction). */
export async function setPostsHeld(db: Db, userId: number, postIds: number[]): Promise<void> {
  await db.delete(userPosts).where(eq(userPosts.userId, userId));
  const unique = [...new Set(postIds)];
  if (unique.length) await db.insert(userPosts).values(unique.map((postId) => ({ userId, postId })));
}
