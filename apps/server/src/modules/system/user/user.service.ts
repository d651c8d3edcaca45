import type {
  AdminUserDetail,
  Language,
  ResetPasswordResult,
  userCreateSchema,
  userUpdateSchema,
} from '@agent-console/contracts';
import { SUPER_ADMIN_ROLE_KEY } from '@agent-console/contracts';
import { eq, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { guardConstraints } from '../../../db/constraint-errors';
import { users } from '../../../db/schema';
import { assertCustomerAssignable } from '../../../http/data-scope';
import { found } from '../../../http/found';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';
import { hashPassword } from '../../../lib/password';
import { newPassword } from '../../../lib/random';
import { postIdsOfCustomer } from '../post/post.repo';
import { postsHeldBy, setPostsHeld } from '../post/post-holders.repo';
import { roleIdByKey, roleIdsHeldBy, setRolesHeld } from '../role/role.repo';
import { assertRolesGrantable, assertUserActionable, holdsSuperAdmin } from '../role/role-access';
import { assertPasswordAcceptable } from './password-policy';
import { deleteSessionsOfUser } from './session.repo';
import { loadAdminUser } from './user.query';

type CreateInput = z.output<typeof userCreateSchema>;
type UpdateInput = z.output<typeof userUpdateSchema>;
type UserRow = typeof users.$inferSelect;

export async function userDetail(db: Db, auth: AuthContext, id: number, lang: Language): Promise<AdminUserDetail> {
  await loadUserInScope(db, auth, id, false);
  const user = await loadAdminUser(db, id, lang);
  if (!user) throw AppError.notFound();
  return { ...user, roleIds: user.roles.map((r) => r.id), postIds: user.posts.map((p) => p.id) };
}

/**
 * A user inside the caller's scope, or A0404. A super-admin account is out of reach of anyone
 * who is not one, and a change (`change`, the default) needs the caller to be able to grant every
 * role the user holds (`assertUserActionable`, shared with the profile routes): otherwise a
 * customer administrator could reset the admin's password, or a password desk a manager's.
 */
async function loadUserInScope(db: Db, auth: AuthContext, id: number, change = true): Promise<UserRow> {
  const row = await found(db.select().from(users).where(eq(users.id, id)));
  await assertUserActionable(db, auth, row, change);
  return row;
}

async function assertUnique(
  db: Db,
  fields: { username?: string; phone: string | null; email: string | null },
  exceptId?: number,
) {
  const conditions = [
    fields.username ? sql`lower(${users.username}) = lower(${fields.username})` : undefined,
    fields.phone ? eq(users.phone, fields.phone) : undefined,
    fields.email ? sql`lower(${users.email}) = lower(${fields.email})` : undefined,
  ].filter((c) => c !== undefined);
  if (!conditions.length) return;
  const clashes = await db
    .select({ id: users.id, username: users.username, phone: users.phone, email: users.email })
    .from(users)
    .where(or(...conditions));
  for (const c of clashes) {
    if (c.id === exceptId) continue;
    if (fields.username && c.username.toLowerCase() === fields.username.toLowerCase()) {
      throw AppError.field('A0111', 'username', 'taken');
    }
    if (fields.phone && c.phone === fields.phone) throw AppError.field('A0111', 'phone', 'taken');
    throw AppError.field('A0111', 'email', 'taken');
  }
}

/** Posts belong to a customer; a user holds only posts of their own customer. */
async function assertPostsUsable(db: Db, postIds: number[], customerId: number) {
  const ids = [...new Set(postIds)];
  if (!ids.length) return;
  const ofCustomer = await postIdsOfCustomer(db, ids, customerId);
  if (ofCustomer.length !== ids.length) throw AppError.field('A0400', 'postIds', 'invalidValue');
}

async function writeAssignments(db: Db, userId: number, roleIds: number[], postIds: number[]) {
  await setRolesHeld(db, userId, roleIds);
  await setPostsHeld(db, userId, postIds);
}

/** What a save assigns: an update that leaves roles or posts out keeps those the user holds. */
type Assigned = CreateInput | (UpdateInput & { roleIds: number[]; postIds: number[] });

async function withHeldAssignments(db: Db, id: number, input: UpdateInput): Promise<Assigned> {
  return {
    ...input,
    roleIds: input.roleIds ?? (await roleIdsHeldBy(db, id)),
    postIds: input.postIds ?? (await postsHeldBy(db, [id])).map((p) => p.id),
  };
}

async function checkAssignments(db: Db, auth: AuthContext, input: Assigned) {
  assertCustomerAssignable(auth, input.customerId);
  await assertRolesGrantable(db, auth, input.roleIds, input.customerId);
  await assertPostsUsable(db, input.postIds, input.customerId);
}

export async function createUser(
  db: Db,
  auth: AuthContext,
  input: CreateInput,
  lang: Language,
): Promise<AdminUserDetail> {
  assertPasswordAcceptable(input.password, input.username);
  await checkAssignments(db, auth, input);
  await assertUnique(db, input);
  const passwordHash = await hashPassword(input.password);
  const id = await guardConstraints(['username', 'phone', 'email'], () =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          customerId: input.customerId,
          username: input.username,
          nickName: input.nickName,
          passwordHash,
          phone: input.phone,
          email: input.email,
          gender: input.gender,
          enabled: input.enabled,
          remark: input.remark,
        })
        .returning({ id: users.id });
      if (!row) throw new Error('user not inserted');
      await writeAssignments(tx as unknown as Db, row.id, input.roleIds, input.postIds);
      return row.id;
    }),
  );
  return userDetail(db, auth, id, lang);
}

function assertMayDisable(auth: AuthContext, row: UserRow, field: string) {
  if (row.builtin) throw AppError.field('A0440', field, 'builtin');
  if (row.id === auth.userId) throw AppError.field('A0440', field, 'self');
}

export async function updateUser(
  db: Db,
  auth: AuthContext,
  id: number,
  update: UpdateInput,
  lang: Language,
): Promise<AdminUserDetail> {
  const row = await loadUserInScope(db, auth, id);
  const input = await withHeldAssignments(db, id, update);
  if (!input.enabled && row.enabled) assertMayDisable(auth, row, 'enabled');
  if (row.builtin && !(await keepsSuperAdmin(db, row, input.roleIds)))
    throw AppError.field('A0440', 'roleIds', 'builtin');
  await checkAssignments(db, auth, input);
  await assertUnique(db, { phone: input.phone, email: input.email }, id);
  await guardConstraints(['phone', 'email'], () =>
    db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          customerId: input.customerId,
          nickName: input.nickName,
          phone: input.phone,
          email: input.email,
          gender: input.gender,
          enabled: input.enabled,
          remark: input.remark,
          updatedAt: new Date(),
        })
        .where(eq(users.id, id));
      await writeAssignments(tx as unknown as Db, id, input.roleIds, input.postIds);
      if (!input.enabled) await deleteSessionsOfUser(tx, id);
    }),
  );
  return userDetail(db, auth, id, lang);
}

/** The built-in admin keeps the super-admin role, so the console always has someone who can fix it. */
async function keepsSuperAdmin(db: Db, row: UserRow, roleIds: number[]): Promise<boolean> {
  if (!(await holdsSuperAdmin(db, row.id))) return true;
  const sa = await roleIdByKey(db, SUPER_ADMIN_ROLE_KEY);
  return sa === undefined || roleIds.includes(sa);
}

export async function setUserEnabled(db: Db, auth: AuthContext, id: number, enabled: boolean): Promise<void> {
  const row = await loadUserInScope(db, auth, id);
  if (!enabled) assertMayDisable(auth, row, 'enabled');
  await db.transaction(async (tx) => {
    await tx.update(users).set({ enabled, updatedAt: new Date() }).where(eq(users.id, id));
    // A disabled user is signed out at once.
    if (!enabled) await deleteSessionsOfUser(tx, id);
  });
}

/** Sets a generated password, shown once to the administrator, and ends the user's sessions. */
export async function resetPassword(db: Db, auth: AuthContext, id: number): Promise<ResetPasswordResult> {
  await loadUserInScope(db, auth, id);
  const password = newPassword();
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
    await deleteSessionsOfUser(tx, id);
  });
  return { password };
}

export async function deleteUsers(db: Db, auth: AuthContext, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  for (const id of unique) {
    const row = await loadUserInScope(db, auth, id);
    assertMayDisable(auth, row, 'ids');
  }
  await guardConstraints('ids', () => db.delete(users).where(inArray(users.id, unique)));
}
