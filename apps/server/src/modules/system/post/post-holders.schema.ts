import { index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { users } from '../../../db/schema';
import { cascadeRef } from '../../../db/schema/columns';
import { posts } from './post.schema';

/**
 * Which users hold which posts. Kept apart from the posts table because it ties posts to users:
 * the feature generator copies the post feature's own files, and a new feature has no holders.
 */
export const userPosts = pgTable(
  'user_posts',
  {
    userId: cascadeRef('user_id', () => users.id),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] }), index('user_posts_post_idx').on(t.postId)],
);
