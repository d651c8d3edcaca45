import {
  CHAT_LOGIN_MESSAGES,
  type ChatLoginInfo,
  type ChatLoginSession,
  type ChatLoginState,
  type chatLoginInfoQuerySchema,
  type chatLoginQuerySchema,
  DICT_TYPES,
  type Language,
} from '@agent-console/contracts';
import { and, eq, lt, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { chatAccounts, chatLoginSessions } from '../../../db/schema';
import { assertCustomerAssignable } from '../../../http/data-scope';
import type { AuthContext } from '../../../http/request-context';
import { GatewayError, type LoginPoll, type MessagingGateway } from '../../../integrations/messaging-gateway/gateway';
import { fetchQrImage } from '../../../integrations/messaging-gateway/qr';
import { AppError } from '../../../lib/app-error';
import { newToken } from '../../../lib/random';
import { isEnabledDictValue } from '../../system/dict/dict.repo';
import type { PacingOverrides } from './account-ports';
import { loadScopedAccount } from './account-scope';
import { accountById } from './chat-account.service';

export interface LoginDeps {
  db: Db;
  /** Resolved only after the request's own checks, so bad input is named even without a gateway. */
  gateway: () => MessagingGateway;
  logger?: FastifyBaseLogger | undefined;
  /** The pacing policy's overrides the governor applies, for the risk shown with the account. */
  pacing: PacingOverrides;
}

type SessionRow = typeof chatLoginSessions.$inferSelect;

/** States after which the gateway is not asked again: the dialog either has its account or starts over. */
const FINAL_STATES: readonly ChatLoginState[] = ['confirmed', 'expired', 'cancelled', 'failed'];

/** Login sessions are kept this long (the dialog needs minutes); the supervisor removes older ones. */
export const LOGIN_SESSION_RETENTION_MS = 24 * 3_600_000;

/** A region is one of the enabled entries of the seeded `chat_region` dictionary (WAVE2 §1.4). */
async function assertRegion(db: Db, region: number): Promise<void> {
  if (!(await isEnabledDictValue(db, DICT_TYPES.chatRegion, String(region)))) {
    throw AppError.field('A0400', 'region', 'invalidValue');
  }
}

/**
 * GET /account/login: a QR code for a region. With `accountId` it is a re-login of that account,
 * passing its wcId back to the gateway (ANCHORS §C: without it the account keeps dropping); the
 * account's customer is kept. Otherwise the account that results belongs to `customerId`, by
 * default the caller's own. The session id is 256 random bits: the dialog polls with it, and it
 * answers only its creator.
 */
export async function startLogin(
  deps: LoginDeps,
  auth: AuthContext,
  q: z.output<typeof chatLoginQuerySchema>,
  lang: Language,
): Promise<ChatLoginSession> {
  const { db } = deps;
  await assertRegion(db, q.region);
  let customerId = q.customerId ?? auth.customerId;
  let previousWcId: string | undefined;
  if (q.accountId) {
    const account = await loadScopedAccount(db, auth, q.accountId);
    if (q.customerId && q.customerId !== account.customerId) {
      throw AppError.field('A0400', 'customerId', 'invalidValue');
    }
    customerId = account.customerId;
    previousWcId = account.wcId;
  } else if (customerId !== auth.customerId) {
    assertCustomerAssignable(auth, customerId);
  }

  let qr: Awaited<ReturnType<MessagingGateway['requestQr']>>;
  let qrImage: string;
  try {
    qr = await deps.gateway().requestQr(q.region, previousWcId);
    // The gateway's own image, fetched here: the browser never contacts the gateway (its CSP
    // allows only data: images), and an image that cannot be had is a failed QR code.
    qrImage = await fetchQrImage(qr.qrImageUrl);
  } catch (err) {
    if (!(err instanceof GatewayError)) throw err;
    deps.logger?.warn({ region: q.region, code: err.code, reason: err.message }, 'QR code generation failed');
    throw AppError.service('C0120', `${CHAT_LOGIN_MESSAGES.qrFailed[lang]}: ${err.message}`);
  }
  const id = newToken();
  await db.insert(chatLoginSessions).values({
    id,
    customerId,
    userId: auth.userId,
    accountId: q.accountId ?? null,
    region: q.region,
    gatewaySessionId: qr.sessionId,
    qrContent: qr.qrContent ?? '',
    status: 'waiting',
    expiresAt: qr.expiresAt,
  });
  return {
    loginSessionId: id,
    qrImage,
    // Empty when the gateway does not say what the code encodes (WKTeam): the dialog then offers no link.
    qrContent: qr.qrContent ?? '',
    expiresAt: qr.expiresAt.toISOString(),
    expiresInSeconds: Math.max(0, Math.ceil((qr.expiresAt.getTime() - Date.now()) / 1000)),
  };
}

/** The caller's own session; anyone else's (or none) is not found. */
async function ownSession(db: Db, auth: AuthContext, id: string): Promise<SessionRow> {
  const [row] = await db.select().from(chatLoginSessions).where(eq(chatLoginSessions.id, id));
  if (!row || row.userId !== auth.userId) throw AppError.notFound();
  return row;
}

/** Moves a session on, never out of a final state (two polls may race). */
async function setState(db: Db, session: SessionRow, status: ChatLoginState, extra: Partial<SessionRow> = {}) {
  await db
    .update(chatLoginSessions)
    .set({ status, ...extra })
    .where(and(eq(chatLoginSessions.id, session.id), notInArray(chatLoginSessions.status, [...FINAL_STATES])));
}

function answer(session: SessionRow, status: ChatLoginState, reason?: string | null): ChatLoginInfo {
  return { status, expiresAt: session.expiresAt.toISOString(), ...(reason ? { reason } : {}) };
}

/**
 * POST /account/getLoginInfo: asks the gateway where the login is and answers it. A confirmed
 * login creates or updates the account (online, profile, owned by the caller, of the session's
 * customer; its first login time kept on a re-login) and answers it; polling again afterwards
 * answers the same account without asking the gateway.
 */
export async function pollLogin(
  deps: LoginDeps,
  auth: AuthContext,
  input: z.output<typeof chatLoginInfoQuerySchema>,
  lang: Language,
): Promise<ChatLoginInfo> {
  const { db } = deps;
  const session = await ownSession(db, auth, input.loginSessionId);
  const status = session.status as ChatLoginState;
  if (FINAL_STATES.includes(status)) {
    if (status === 'confirmed' && session.accountId) {
      return { ...answer(session, status), account: await accountById(db, session.accountId, lang, deps.pacing) };
    }
    return answer(session, status, session.reason);
  }

  let poll: LoginPoll;
  try {
    poll = await deps.gateway().pollLogin(session.gatewaySessionId, input.verifyCode);
  } catch (err) {
    if (!(err instanceof GatewayError)) throw err;
    // Past its expiry the QR code is of no use whatever the gateway would have said.
    if (session.expiresAt.getTime() <= Date.now()) {
      await setState(db, session, 'expired');
      return answer(session, 'expired');
    }
    throw AppError.service('C0120', err.message);
  }

  switch (poll.state) {
    case 'waiting':
    case 'scanned':
    case 'needsCode':
      if (poll.state !== status) await setState(db, session, poll.state);
      return answer(session, poll.state);
    case 'expired':
    case 'cancelled':
    case 'failed':
      await setState(db, session, poll.state, { reason: poll.reason ?? null });
      return answer(session, poll.state, poll.reason);
    case 'confirmed':
      return confirm(deps, session, poll, lang);
  }
}

async function confirm(deps: LoginDeps, session: SessionRow, poll: LoginPoll, lang: Language): Promise<ChatLoginInfo> {
  const { db } = deps;
  if (!poll.wcId) {
    const reason = 'the gateway confirmed the login without naming the account';
    await setState(db, session, 'failed', { reason });
    return answer(session, 'failed', reason);
  }
  let profile: Awaited<ReturnType<MessagingGateway['profile']>>;
  try {
    profile = await deps.gateway().profile(poll.wcId);
  } catch (err) {
    // The session stays where it was, so the dialog's next poll tries again.
    if (err instanceof GatewayError) throw AppError.service('C0120', err.message);
    throw err;
  }
  const now = new Date();
  const values = {
    customerId: session.customerId,
    ownerUserId: session.userId,
    wcId: profile.wcId || poll.wcId,
    account: profile.account,
    loginStatus: 'online',
    avatar: profile.avatar,
    nickname: profile.nickname,
    signature: profile.signature,
    gender: profile.gender,
    region: session.region,
    firstLoginAt: now,
    lastLoginAt: now,
    checkedAt: now,
    updatedAt: now,
  };
  // One statement, so two polls confirming together cannot create two rows. An account already
  // connected under another customer is not taken over: its contacts and messages belong there.
  const [row] = await db
    .insert(chatAccounts)
    .values(values)
    .onConflictDoUpdate({
      target: chatAccounts.wcId,
      set: {
        ownerUserId: values.ownerUserId,
        account: values.account,
        loginStatus: 'online',
        avatar: values.avatar,
        nickname: values.nickname,
        signature: values.signature,
        gender: values.gender,
        region: values.region,
        firstLoginAt: sql`coalesce(${chatAccounts.firstLoginAt}, excluded.first_login_at)`,
        lastLoginAt: now,
        checkedAt: now,
        updatedAt: now,
      },
      setWhere: eq(chatAccounts.customerId, session.customerId),
    })
    .returning({ id: chatAccounts.id });
  if (!row) {
    const reason = 'this account is connected under another customer; remove it there first';
    deps.logger?.warn(
      { wcId: values.wcId, customerId: session.customerId },
      'login refused: account of another customer',
    );
    await setState(db, session, 'failed', { reason });
    return answer(session, 'failed', reason);
  }
  await setState(db, session, 'confirmed', { accountId: row.id, reason: null });
  deps.logger?.info(
    { accountId: row.id, wcId: values.wcId, relogin: !!session.accountId },
    'messaging account logged in',
  );
  return { ...answer(session, 'confirmed'), account: await accountById(db, row.id, lang, deps.pacing) };
}

/** Removes login sessions older than the retention; the dialog of any of them is long closed. */
export async function purgeLoginSessions(db: Db, now = new Date()): Promise<number> {
  const old = await db
    .delete(chatLoginSessions)
    .where(lt(chatLoginSessions.createdAt, new Date(now.getTime() - LOGIN_SESSION_RETENTION_MS)))
    .returning({ id: chatLoginSessions.id });
  return old.length;
}
