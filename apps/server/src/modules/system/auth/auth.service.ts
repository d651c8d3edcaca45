import {
  errorMessage,
  type LoginRequest,
  type LoginResponse,
  type RegisterRequest,
  type RegisterResponse,
  SUCCESS_CODE,
} from '@agent-console/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { STAFF_ROLE_KEY } from '../../../db/builtin-names';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../../lib/password';
import { liveInvitation } from '../customer/customer.repo';
import { recordLoginEvent } from '../monitor/login-log.service';
import { grantRole, roleIdByKey } from '../role/role.repo';
import { clearFailures, isLocked, recordFailure } from '../user/login-lockout';
import { assertPasswordAcceptable } from '../user/password-policy';
import { insertUser, userByUsernameIgnoringCase, usernameTaken } from '../user/user.repo';
import { customerActive } from './account-status';
import { type ClientInfo, createSession } from './session.service';

export async function login(db: Db, input: LoginRequest, client: ClientInfo): Promise<LoginResponse> {
  const pair = { username: input.username, source: client.ip };
  if (await isLocked(db, pair)) throw new AppError('A0211');
  const user = await userByUsernameIgnoringCase(db, input.username);
  // Verify against a dummy hash for unknown names so both paths take the same time.
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user || !valid) {
    await recordFailure(db, pair);
    throw new AppError('A0210');
  }
  // Told only to someone who knows the password: a disabled user, or a user of a disabled customer.
  if (!user.enabled || !(await customerActive(db, user.customerId))) throw new AppError('A0202');
  await clearFailures(db, pair);
  const { token } = await createSession(db, user, client);
  return { id: user.id, accessToken: token, nickName: user.nickName };
}

export async function register(db: Db, input: RegisterRequest): Promise<RegisterResponse> {
  assertPasswordAcceptable(input.password, input.username);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const invite = await liveInvitation(tx, input.invitationCode.toUpperCase());
    if (!invite?.enabled || !(await customerActive(tx, invite.customerId))) {
      throw AppError.field('A0130', 'invitationCode', 'incorrect');
    }

    if (await usernameTaken(tx, input.username)) throw AppError.field('A0111', 'username', 'taken');

    const roleId = invite.defaultRoleId ?? (await staffRoleId(tx as unknown as Db));
    const created = await insertUser(tx, {
      customerId: invite.customerId,
      username: input.username,
      nickName: input.nickName?.trim() || input.username,
      passwordHash,
    });
    if (!created) throw new Error('user insert returned nothing');
    if (roleId) await grantRole(tx, created.id, roleId);
    return created;
  });
}

function staffRoleId(db: Db): Promise<number | undefined> {
  return roleIdByKey(db, STAFF_ROLE_KEY);
}

/**
 * Sign-in with its login-log row: success, or the failure's code (A0210, A0211, A0202). The login
 * log belongs to the monitor module, which knows nothing of sign-in: auth writes into it.
 */
export async function loginAndRecord(
  db: Db,
  input: LoginRequest,
  client: ClientInfo,
  log?: FastifyBaseLogger,
): Promise<LoginResponse> {
  const base = { event: 'login' as const, username: input.username, ip: client.ip, userAgent: client.userAgent };
  try {
    const answer = await login(db, input, client);
    await recordLoginEvent(db, { ...base, status: 'success', userId: answer.id, code: SUCCESS_CODE }, log);
    return answer;
  } catch (err) {
    if (err instanceof AppError) {
      const message = errorMessage(err.code, 'en');
      await recordLoginEvent(db, { ...base, status: 'failure', code: err.code, message }, log);
    }
    throw err;
  }
}
