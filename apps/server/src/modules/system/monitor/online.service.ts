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
import { sessions, users } from '../../../db/schema';
import { scopeCondition } from '../../../http/data-scope';
import { offsetBatches } from '../../../http/export-batches';
import { orderByFrom, pageOf } from '../../../http/paging';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';
import { customerNameOf } from '../customer/customer.repo';
import { recordLoginEvent } from './login-log.service';

const SORT_COLUMNS = {
  loginTime: sessions.createdAt,
  lastSeenAt: sessions.lastSeenAt,
  username: users.username,
  ip: sessions.ip,
};

/** Live sessions only: an expired row is no longer anyone online. */
function whereOf(auth: AuthContext, filter: OnlineUserFilter): SQL | undefined {
  const parts: Array<SQL | undefined> = [
    gt(sessions.expiresAt, new Date()),
    scopeCondition(auth, sessions.customerId, sessions.userId),
  ];
  if (filter.username) parts.push(sql`lower(${users.username}) = ${filter.username.toLowerCase()}`);
  if (filter.ip) parts.push(eq(sessions.ip, filter.ip));
  return and(...parts);
}

function selectRows(db: Db, auth: AuthContext, filter: OnlineUserFilter, lang: Language) {
  return db
    .select({
      session: sessions,
      username: users.username,
      nickName: users.nickName,
      customerName: customerNameOf(sessions.customerId, lang),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(whereOf(auth, filter))
    .orderBy(...orderByFrom(SORT_COLUMNS, filter.orderBy, [desc(sessions.lastSeenAt), desc(sessions.id)]));
}

type Row = Awaited<ReturnType<typeof selectRows>>[number];

function toDto(auth: AuthContext, row: Row): OnlineUser {
  const { session } = row;
  return {
    key: session.id,
    userId: session.userId,
    username: row.username,
    nickName: row.nickName,
    customerId: session.customerId,
    customerName: row.customerName,
    ip: session.ip,
    browser: session.browser,
    os: session.os,
    loginTime: session.createdAt.toISOString(),
    lastSeenAt: session.lastSeenAt.toISOString(),
    current: session.id === auth.sessionId,
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
    count: db
      .select({ n: count() })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(whereOf(auth, req)),
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
      .select({ session: sessions, username: users.username })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          inArray(sessions.id, unique),
          gt(sessions.expiresAt, new Date()),
          scopeCondition(auth, sessions.customerId, sessions.userId),
        ),
      );
    if (found.length !== unique.length) throw AppError.notFound();
    await tx.delete(sessions).where(inArray(sessions.id, unique));
    return found;
  });
  for (const { session, username } of ended) {
    await recordLoginEvent(
      db,
      {
        event: 'forceLogout',
        status: 'success',
        username,
        userId: session.userId,
        customerId: session.customerId,
        ip: session.ip,
        browser: session.browser,
        os: session.os,
        code: '00000',
        message: `by ${auth.username}`,
      },
      log,
    );
  }
  return ended.length;
}
