import type { Language, PasswordUpdate, ProfileUpdate, UserIdentity, UserProfile } from '@agent-console/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import { shownCustomerName } from '../../../db/builtin-names';
import type { Db } from '../../../db/client';
import { guardConstraints } from '../../../db/constraint-errors';
import { users } from '../../../db/schema';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';
import { hashPassword, verifyPassword } from '../../../lib/password';
import { customerParentAndName } from '../customer/customer.repo';
import { assertUserActionable } from '../role/role-access';
import { clearFailures, isLocked, recordFailure } from './login-lockout';
import { assertPasswordAcceptable } from './password-policy';
import { deleteSessionsOfUser } from './session.repo';

type UserRow = typeof users.$inferSelect;

/**
 * Anyone may act on their own profile. Acting on another user's needs a permission, which the
 * route declares (`permissionWhen`, checked by the guard), and that user must be one the caller
 * may act on (`assertUserActionable`, the same rule as user administration: inside the caller's
 * data scope, and a super-admin account only for a super admin); otherwise the id answers "not
 * found" so ids of other customers cannot be probed.
 */
async function loadTarget(db: Db, auth: AuthContext, id: number, change = false): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (id === auth.userId && row) return row;
  if (!row) throw AppError.notFound();
  await assertUserActionable(db, auth, row, change);
  return row;
}

/** A user row as their profile and their current-user answer show it. */
export function identityOf(user: UserRow, customer: UserIdentity['customer']): UserIdentity {
  return {
    id: user.id,
    username: user.username,
    nickName: user.nickName,
    phone: user.phone,
    email: user.email,
    gender: user.gender,
    avatar: user.avatar,
    customer,
    createdAt: user.createdAt.toISOString(),
  };
}

async function toProfile(db: Db, user: UserRow, lang: Language): Promise<UserProfile> {
  const customer = await customerParentAndName(db, user.customerId);
  return identityOf(user, { id: user.customerId, name: customer ? shownCustomerName(customer, lang) : '' });
}

export async function getProfile(db: Db, auth: AuthContext, id: number, lang: Language): Promise<UserProfile> {
  return toProfile(db, await loadTarget(db, auth, id), lang);
}

export async function updateProfile(
  db: Db,
  auth: AuthContext,
  id: number,
  input: ProfileUpdate,
  lang: Language,
): Promise<UserProfile> {
  const target = await loadTarget(db, auth, id, true);
  const phone = input.phone ?? null;
  const email = input.email ?? null;
  // Checked first for a clear answer; the unique indexes still decide under a race (caught below).
  if (phone) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.phone, phone), ne(users.id, target.id)));
    if (taken) throw AppError.field('A0111', 'phone', 'taken');
  }
  if (email) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, target.id)));
    if (taken) throw AppError.field('A0111', 'email', 'taken');
  }
  const [updated] = await guardConstraints(['phone', 'email'], () =>
    db
      .update(users)
      .set({
        nickName: input.nickName,
        phone,
        email,
        ...(input.gender ? { gender: input.gender } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, target.id))
      .returning(),
  );
  if (!updated) throw AppError.notFound();
  return toProfile(db, updated, lang);
}

/**
 * Changes a password after checking the old one. Wrong old passwords count like wrong sign-in
 * passwords (the same lock-out, keyed by the target's username and the caller's address), so this
 * route is no unlimited oracle for a stolen session. Every other session of that user ends, so a
 * stolen session cannot outlive the change; the caller's own session stays.
 */
export async function updatePassword(
  db: Db,
  auth: AuthContext,
  id: number,
  input: PasswordUpdate,
  source: string,
): Promise<void> {
  const target = await loadTarget(db, auth, id, true);
  assertPasswordAcceptable(input.newPassword, target.username, 'newPassword');
  const pair = { username: target.username, source };
  if (await isLocked(db, pair)) throw new AppError('A0211');
  if (!(await verifyPassword(target.passwordHash, input.oldPassword))) {
    await recordFailure(db, pair);
    throw AppError.field('A0210', 'oldPassword', 'incorrect');
  }
  await clearFailures(db, pair);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, target.id));
    await deleteSessionsOfUser(tx, target.id, auth.sessionId);
  });
}
