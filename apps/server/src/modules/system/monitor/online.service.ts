import type {
  Language,
  OnlineUser,
  OnlineUserFilter,
  OnlineUserPageRequest,
  PageResult,
} from '@agent-console/contracts';
import { and, count, desc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import { offsetBatches } from '../../../http/export-batches';
import { orderByFrom, pageOf } from '../../../http/paging';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';
import { customerNameOf } from '../customer/customer.repo';
import { userRowsInReach } from '../role/role-access';
import { deleteSessions, sessionsWithUserToJoin } from '../user/session.repo';
import { recordLoginEvent } from './login-log.service';

/** The sessions with their user's names: the online users are its live rows. */
const session = sessionsWithUserToJoin();

const SORT_COLUMNS = {
  loginTime: session.createdAt,
  lastSeenAt: session.lastSeenAt,
  username: session.username,
  ip: session.ip,
};

/** Live sessions only: an expired row is no longer anyone online. */
function whereOf(auth: AuthContext, filter: OnlineUserFilter): SQL | undefined {
  const parts: Array<SQL | undefined> = [
    gt(session.expiresAt, new Date()),
    userRowsInReach(auth, session.customerId, session.userId),
  ];
  if (filter.username) parts.push(sql`lower(${session.username}) = ${filter.username.toLowerCase()}`);
  if (filter.ip) parts.push(eq(session.ip, filter.ip));
  return and(...parts);
}

function selectRows(db: Db, auth: AuthContext, filter: OnlineUserFilter, lang: Language) {
  return db
    .select({
      id: session.id,
      userId: session.userId,
      username: session.username,
      nickName: session.nickName,
      customerId: session.customerId,
      customerName: customerNameOf(session.customerId, lang),
      ip: session.ip,
      browser: session.browser,
      os: session.os,
      createdAt: session.createdAt,
      lastSeenAt: session.lastSeenAt,
    })
    .from(session)
    .where(whereOf(auth, filter))
    .orderBy(...orderByFrom(SORT_COLUMNS, filter.orderBy, [desc(session.lastSeenAt), desc(session.id)]));
}

type Row = Awaited<ReturnType<typeof selectRows>>[number];

function toDto(auth: AuthContext, row: Row): OnlineUser {
  return {
    key: row.id,
    userId: row.userId,
    username: row.username,
    nickName: row.nickName,
    customerId: row.customerId,
    customerName: row.customerName,
    ip: row.ip,
    browser: row.browser,
    os: row.os,
    loginTime: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.id === auth.sessionId,
  };
}

export async function pageOnlineUsers(
  db: Db,
  auth: AuthContext,
  req: OnlineUserPageRequest,
  lang: Language,
): Promise<PageResult<OnlineUser>> {
  return pageOf(req, {
    rows: selectRows(db, auth, req, lang),
    count: db.select({ n: count() }).from(session).where(whereOf(auth, req)),
    toDto: (r) => toDto(auth, r),
  });
}

/**
 * The export's rows: the list's filters and order, a batch at a time as the file is written, at
 * most `limit`. By offset: a session's key is text, which the keyset cursor does not take; the
 * order ends with the key, so no row falls between two batches.
 */
export function onlineUserExportBatches(
  db: Db,
  auth: AuthContext,
  filter: OnlineUserFilter,
  limit: number,
  lang: Language,
) {
  return offsetBatches(
    async (window) =>
      (await selectRows(db, auth, filter, lang).limit(window.limit).offset(window.offset)).map((r) => toDto(auth, r)),
    limit,
  );
}

/**
 * Ends the given sessions: their next request answers A0301. A key that is unknown, expired or
 * outside the caller's scope fails the whole call (A0404) and nothing is ended.
 * Each ended session gets a "forced logout" row in the login log.
 */
export async function forceLogout(db: Db, auth: AuthContext, keys: string[], log?: FastifyBaseLogger): Promise<number> {
  const unique = [...new Set(keys)];
  const ended = await db.transaction(async (tx) => {
    const found = await tx
      .select({
        userId: session.userId,
        customerId: session.customerId,
        ip: session.ip,
        browser: session.browser,
        os: session.os,
        username: session.username,
      })
      .from(session)
      .where(
        and(
          inArray(session.id, unique),
          gt(session.expiresAt, new Date()),
          userRowsInReach(auth, session.customerId, session.userId),
        ),
      );
    if (found.length !== unique.length) throw AppError.notFound();
    await deleteSessions(tx, unique);
    return found;
  });
  for (const row of ended) {
    await recordLoginEvent(
      db,
      {
        event: 'forceLogout',
        status: 'success',
        username: row.username,
        userId: row.userId,
        customerId: row.customerId,
        ip: row.ip,
        browser: row.browser,
        os: row.os,
        code: '00000',
        message: `by ${auth.username}`,
      },
      log,
    );
  }
  return ended.length;
}
