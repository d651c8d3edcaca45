import type { Language, PageResult } from '@agent-console/contracts';
import type { Post, PostOption, postPageQuerySchema, postSaveSchema } from '@agent-console/contracts/system-post';
import { and, asc, count, eq, getTableColumns, ilike, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { guardConstraints } from '../../../db/constraint-errors';
import { containsPattern } from '../../../db/like';
import { assertCustomerAssignable, scopeCondition } from '../../../http/data-scope';
import { found, foundInScope } from '../../../http/found';
import { sortedPage } from '../../../http/paging';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';
import { customerNameOf } from '../customer/customer.repo';
import { posts } from './post.schema';
import { userPosts } from './post-holders.schema';

type PostInput = z.output<typeof postSaveSchema>;
type PostRow = typeof posts.$inferSelect;

// Nested, so that its columns stay qualified in the one-table select of the posts.
const userCount = sql<number>`(${sql`select count(*)::int from ${userPosts} where ${userPosts.postId} = ${posts.id}`})`;
/** A post row with its customer's name as shown in `lang`. */
const columns = (lang: Language) => ({
  ...getTableColumns(posts),
  customerName: customerNameOf(posts.customerId, lang),
  userCount,
});

function toPost(row: PostRow & { customerName: string; userCount: number }): Post {
  return {
    id: row.id,
    customerId: row.customerId,
    customerName: row.customerName,
    code: row.code,
    name: row.name,
    sort: row.sort,
    enabled: row.enabled,
    remark: row.remark,
    userCount: Number(row.userCount),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function pagePosts(
  db: Db,
  auth: AuthContext,
  q: z.output<typeof postPageQuerySchema>,
  lang: Language,
): Promise<PageResult<Post>> {
  const where = and(
    scopeCondition(auth, posts.customerId),
    q.code ? ilike(posts.code, containsPattern(q.code)) : undefined,
    q.name ? ilike(posts.name, containsPattern(q.name)) : undefined,
    q.enabled === undefined ? undefined : eq(posts.enabled, q.enabled),
    q.customerId ? eq(posts.customerId, q.customerId) : undefined,
  );
  return sortedPage(db, q, {
    select: db.select(columns(lang)).from(posts),
    where,
    table: posts,
    sortable: { code: posts.code, name: posts.name, sort: posts.sort, createdAt: posts.createdAt },
    fallback: [asc(posts.sort), asc(posts.id)],
    toDto: toPost,
  });
}

export async function listPostOptions(db: Db, auth: AuthContext, customerId?: number): Promise<PostOption[]> {
  return db
    .select({ id: posts.id, name: posts.name, customerId: posts.customerId })
    .from(posts)
    .where(
      and(
        scopeCondition(auth, posts.customerId),
        eq(posts.enabled, true),
        customerId ? eq(posts.customerId, customerId) : undefined,
      ),
    )
    .orderBy(asc(posts.sort), asc(posts.id));
}

async function loadPost(db: Db, auth: AuthContext, id: number): Promise<PostRow> {
  return foundInScope(auth, db.select().from(posts).where(eq(posts.id, id)));
}

async function assertUnique(db: Db, customerId: number, input: PostInput, exceptId?: number) {
  const clashes = await db
    .select({ id: posts.id, code: posts.code })
    .from(posts)
    .where(and(eq(posts.customerId, customerId), or(eq(posts.code, input.code), eq(posts.name, input.name))));
  for (const c of clashes) {
    if (c.id !== exceptId) throw AppError.field('A0111', c.code === input.code ? 'code' : 'name', 'taken');
  }
}

/** The columns a save writes, a create's and an update's alike. */
function savedColumns(customerId: number, input: PostInput) {
  return {
    customerId,
    code: input.code,
    name: input.name,
    sort: input.sort,
    enabled: input.enabled,
    remark: input.remark,
  };
}

async function byId(db: Db, id: number, lang: Language): Promise<Post> {
  const row = await found(db.select(columns(lang)).from(posts).where(eq(posts.id, id)));
  return toPost(row);
}

export async function createPost(db: Db, auth: AuthContext, input: PostInput, lang: Language): Promise<Post> {
  const customerId = input.customerId ?? auth.customerId;
  assertCustomerAssignable(auth, customerId);
  await assertUnique(db, customerId, input);
  const [row] = await guardConstraints('code', () =>
    db.insert(posts).values(savedColumns(customerId, input)).returning({ id: posts.id }),
  );
  if (!row) throw new Error('post not inserted');
  return byId(db, row.id, lang);
}

export async function updatePost(
  db: Db,
  auth: AuthContext,
  id: number,
  input: PostInput,
  lang: Language,
): Promise<Post> {
  const post = await loadPost(db, auth, id);
  const customerId = input.customerId ?? post.customerId;
  if (customerId !== post.customerId) {
    assertCustomerAssignable(auth, customerId);
    const [held] = await db.select({ n: count() }).from(userPosts).where(eq(userPosts.postId, id));
    // Holders belong to the old customer; moving the post would cross customers.
    if (held?.n) throw AppError.field('A0440', 'customerId', 'inUse');
  }
  await assertUnique(db, customerId, input, id);
  await guardConstraints('code', () =>
    db
      .update(posts)
      .set({ ...savedColumns(customerId, input), updatedAt: new Date() })
      .where(eq(posts.id, id)),
  );
  return byId(db, id, lang);
}

export async function deletePosts(db: Db, auth: AuthContext, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  for (const id of unique) await loadPost(db, auth, id);
  const [held] = await db.select({ n: count() }).from(userPosts).where(inArray(userPosts.postId, unique));
  if (held?.n) throw AppError.field('A0440', 'ids', 'inUse');
  await guardConstraints('ids', () => db.delete(posts).where(inArray(posts.id, unique)));
}
