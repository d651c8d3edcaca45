import type { LoginEvent, LoginLog, LoginLogFilter, LogStatus } from '@agent-console/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import { loginLogs } from '../../../db/schema';
import { keptListStatements } from '../../../http/kept-keyset-source';
import type { KeysetSpec } from '../../../http/keyset';
import { ListConditions } from '../../../http/list-conditions';
import type { AuthContext } from '../../../http/request-context';
import { describeUserAgent } from '../../../lib/user-agent';
import { userIdAndCustomer } from '../user/user.repo';
import { customerLogList, scopeCustomerLog } from './customer-log-source';

export interface LoginEventInput {
  event: LoginEvent;
  status: LogStatus;
  username: string;
  userId?: number | null;
  customerId?: number | null;
  ip?: string | null;
  userAgent?: string | undefined;
  browser?: string | null;
  os?: string | null;
  code: string;
  message?: string | null;
}

/** Writes one login-log row; a failure is logged, never raised, so sign-in keeps working. */
export async function recordLoginEvent(db: Db, input: LoginEventInput, log?: FastifyBaseLogger): Promise<void> {
  try {
    let { userId = null, customerId = null } = input;
    // The customer decides who may see the row (data scope); unknown usernames belong to no one.
    if (userId === null || customerId === null) {
      const user = await userIdAndCustomer(db, userId === null ? { username: input.username } : { userId });
      userId = user?.id ?? null;
      customerId = user?.customerId ?? null;
    }
    const described = describeUserAgent(input.userAgent);
    await db.insert(loginLogs).values({
      event: input.event,
      status: input.status,
      userId,
      username: input.username.slice(0, 64),
      customerId,
      ip: input.ip ?? null,
      browser: input.browser ?? described.browser,
      os: input.os ?? described.os,
      code: input.code,
      message: input.message?.slice(0, 500) ?? null,
    });
  } catch (err) {
    log?.error({ err }, 'login log not recorded');
  }
}

const SORT_COLUMNS = { createdAt: loginLogs.createdAt, username: loginLogs.username, ip: loginLogs.ip };
const KEYSET: KeysetSpec = {
  columns: SORT_COLUMNS,
  id: loginLogs.id,
  fallback: { field: 'createdAt', direction: 'desc' },
};

function whereOf(auth: AuthContext, filter: LoginLogFilter): ListConditions {
  return scopeCustomerLog(new ListConditions(), auth, loginLogs)
    .when('username', filter.username?.toLowerCase(), (p) => sql`lower(${loginLogs.username}) = ${p}`)
    .when('ip', filter.ip, (p) => eq(loginLogs.ip, p))
    .when('event', filter.event, (p) => eq(loginLogs.event, p))
    .when('status', filter.status, (p) => eq(loginLogs.status, p))
    .when('beginTime', filter.beginTime, (p) => sql`${loginLogs.createdAt} >= ${p}::timestamptz`)
    .when('endTime', filter.endTime, (p) => sql`${loginLogs.createdAt} <= ${p}::timestamptz`);
}

/** Field by field: a spread of the row cost four times as much, on every row of every page. */
function toDto({ log, customerName }: { log: typeof loginLogs.$inferSelect; customerName: string | null }): LoginLog {
  return {
    id: log.id,
    event: log.event,
    status: log.status,
    userId: log.userId,
    username: log.username,
    customerId: log.customerId,
    customerName,
    ip: log.ip,
    browser: log.browser,
    os: log.os,
    code: log.code,
    message: log.message,
    createdAt: log.createdAt.toISOString(),
  };
}

const LIST = customerLogList({
  table: loginLogs,
  statements: keptListStatements('login_log'),
  keyset: KEYSET,
  whereOf,
  toDto,
});

/** A page of the list: its filters, order and keyset window. */
export const pageLoginLogs = LIST.page;
/** The export's rows: the list's filters and order, a batch at a time as the file is written, at most `limit`. */
export const loginLogExportBatches = LIST.exportBatches;
/** Deletes the given rows; an id outside the caller's scope fails the whole call (A0404). */
export const deleteLoginLogs = LIST.deleteRows;
/** Empties the log within the caller's scope. */
export const cleanLoginLogs = LIST.clean;
