import type { AdminUser, Language, PageResult, userPageQuerySchema } from '@agent-console/contracts';
import { and, asc, desc, eq, gte, ilike, lte } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { containsPattern } from '../../../db/like';
import { users } from '../../../db/schema';
import { scopeCondition, subtreeCondition } from '../../../http/data-scope';
import { offsetBatches } from '../../../http/export-batches';
import { orderByFrom, sortedPage } from '../../../http/paging';
import type { AuthContext } from '../../../http/request-context';
import { customerNameOf } from '../customer/customer.repo';
import { postsHeldBy } from '../post/post-holders.repo';
import { rolesHeldBy } from '../role/role.repo';

/** A user row with the customer's name as shown in `lang`. */
const columns = (lang: Language) => ({
  id: users.id,
  customerId: users.customerId,
  customerName: customerNameOf(users.customerId, lang),
  username: users.username,
  nickName: users.nickName,
  phone: users.phone,
  email: users.email,
  gender: users.gender,
  enabled: users.enabled,
  builtin: users.builtin,
  remark: users.remark,
  createdAt: users.createdAt,
});

/** Users in the caller's scope: their customers, or (scope "self") only themselves. */
export const userScope = (auth: AuthContext) => scopeCondition(auth, users.customerId, users.id);

/** The list's filters, always inside the caller's scope whatever the client sends. */
function userFilter(auth: AuthContext, q: Omit<z.output<typeof userPageQuerySchema>, 'pageNum' | 'pageSize'>) {
  return and(
    userScope(auth),
    q.customerId ? subtreeCondition(users.customerId, q.customerId) : undefined,
    q.username ? ilike(users.username, containsPattern(q.username)) : undefined,
    q.nickName ? ilike(users.nickName, containsPattern(q.nickName)) : undefined,
    q.phone ? ilike(users.phone, containsPattern(q.phone)) : undefined,
    q.enabled === undefined ? undefined : eq(users.enabled, q.enabled),
    q.createdFrom ? gte(users.createdAt, new Date(q.createdFrom)) : undefined,
    q.createdTo ? lte(users.createdAt, new Date(q.createdTo)) : undefined,
  );
}

const SORT_COLUMNS = { username: users.username, nickName: users.nickName, createdAt: users.createdAt };
/** Newest first: the list's and the export's order when none is asked for, and after the one asked for. */
const USER_ORDER = [desc(users.createdAt), asc(users.id)];

const selectUsers = (db: Db, lang: Language) => db.select(columns(lang)).from(users);

export async function pageUsers(
  db: Db,
  auth: AuthContext,
  q: z.output<typeof userPageQuerySchema>,
  lang: Language,
): Promise<PageResult<AdminUser>> {
  return sortedPage(db, q, {
    select: selectUsers(db, lang),
    where: userFilter(auth, q),
    table: users,
    sortable: SORT_COLUMNS,
    fallback: USER_ORDER,
    toList: (rows) => withRolesAndPosts(db, rows, lang),
  });
}

type BaseRow = Omit<AdminUser, 'roles' | 'posts' | 'createdAt'> & { createdAt: Date };

export async function withRolesAndPosts(db: Db, rows: BaseRow[], lang: Language): Promise<AdminUser[]> {
  const ids = rows.map((r) => r.id);
  if (!ids.length) return [];
  const [roleRows, postRows] = await Promise.all([rolesHeldBy(db, ids, lang), postsHeldBy(db, ids)]);
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    roles: roleRows.filter((x) => x.userId === r.id).map(({ id, name }) => ({ id, name })),
    posts: postRows.filter((x) => x.userId === r.id).map(({ id, name }) => ({ id, name })),
  }));
}

export async function loadAdminUser(db: Db, id: number, lang: Language): Promise<AdminUser | undefined> {
  const rows = await db.select(columns(lang)).from(users).where(eq(users.id, id));
  const [user] = await withRolesAndPosts(db, rows, lang);
  return user;
}

/**
 * The matching users (up to `limit`) for the spreadsheet export, in the list's order, a batch at a
 * time as the file is written. By offset, as the list pages: its order ends with the id.
 */
export function userExportBatches(
  db: Db,
  auth: AuthContext,
  q: z.output<typeof userPageQuerySchema>,
  limit: number,
  lang: Language,
) {
  return offsetBatches(async (window) => {
    const rows = await selectUsers(db, lang)
      .where(userFilter(auth, q))
      .orderBy(...orderByFrom(SORT_COLUMNS, q.orderBy, USER_ORDER))
      .limit(window.limit)
      .offset(window.offset);
    return withRolesAndPosts(db, rows, lang);
  }, limit);
}
