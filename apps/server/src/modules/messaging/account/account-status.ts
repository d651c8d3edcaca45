import type { ChatDropReason, ChatLoginStatus, ChatSyncResult } from '@agent-console/contracts';
import { and, eq, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import { chatAccounts } from '../../../db/schema';
import { GatewayError, type MessagingGateway } from '../../../integrations/messaging-gateway/gateway';
import type { MailDeps } from '../../notify/mail/mail-settings';
import { notify } from '../../notify/mail/notify';

/** What the login supervisor needs: the database, the gateway, and mail for the drop alert. */
export interface StatusDeps {
  db: Db;
  gateway: MessagingGateway;
  mail: MailDeps;
  logger?: FastifyBaseLogger | undefined;
}

/** What the transitions need; no gateway call is made by them. */
export type TransitionDeps = Omit<StatusDeps, 'gateway'>;

type AccountRow = typeof chatAccounts.$inferSelect;

/** Gateway calls of one check at once: a check of many accounts should not flood the gateway. */
const CHECK_CONCURRENCY = 4;

/**
 * The one online → offline transition (status sync, heartbeat, gateway callback). It is a
 * compare-and-set on the login status, so when a callback and a check notice the same drop
 * together only one of them wins, stores the reason, and mails: one alert per drop.
 * `observedAt` is when the gateway reported the drop; a report older than the account's last
 * login is about the previous session and changes nothing (a late callback must not take a
 * fresh re-login down).
 */
export async function markOffline(
  deps: TransitionDeps,
  accountId: number,
  reason: ChatDropReason,
  observedAt: Date,
): Promise<boolean> {
  const now = new Date();
  const [row] = await deps.db
    .update(chatAccounts)
    .set({ loginStatus: 'offline', offlineAt: now, offlineReason: reason, checkedAt: now, updatedAt: now })
    .where(
      and(
        eq(chatAccounts.id, accountId),
        eq(chatAccounts.loginStatus, 'online'),
        or(isNull(chatAccounts.lastLoginAt), lte(chatAccounts.lastLoginAt, observedAt)),
      ),
    )
    .returning();
  if (!row) return false;
  deps.logger?.info({ accountId, wcId: row.wcId, reason }, 'messaging account went offline');
  await notify(deps.mail, {
    kind: 'account-offline',
    customerId: row.customerId,
    accountName: row.nickname ? `${row.nickname} (${row.account})` : row.account,
  });
  return true;
}

/**
 * An account taken offline only because the gateway did not answer is online again as soon as
 * the gateway says so: nothing happened to the account itself. Any other drop needs a new QR
 * login (WAVE2 §1.5), whatever the gateway says later.
 */
export async function markOnlineAgain(deps: TransitionDeps, accountId: number): Promise<boolean> {
  const now = new Date();
  const [row] = await deps.db
    .update(chatAccounts)
    .set({ loginStatus: 'online', checkedAt: now, updatedAt: now })
    .where(
      and(
        eq(chatAccounts.id, accountId),
        eq(chatAccounts.loginStatus, 'offline'),
        eq(chatAccounts.offlineReason, 'gatewayUnreachable'),
      ),
    )
    .returning({ id: chatAccounts.id });
  if (row) deps.logger?.info({ accountId }, 'messaging account reachable again');
  return !!row;
}

/** The accounts whose state the gateway can change: online ones, and those lost to an unreachable gateway. */
export const CHECKABLE: SQL = or(
  eq(chatAccounts.loginStatus, 'online'),
  eq(chatAccounts.offlineReason, 'gatewayUnreachable'),
) as SQL;

/** Asks the gateway about one account and applies the answer; the new status, or the old one. */
async function checkOne(deps: StatusDeps, account: AccountRow): Promise<ChatLoginStatus> {
  const askedAt = new Date();
  let drop: ChatDropReason | null = null;
  try {
    const status = await deps.gateway.status(account.wcId);
    if (status.online) {
      if (account.loginStatus === 'offline') return (await markOnlineAgain(deps, account.id)) ? 'online' : 'offline';
      await deps.db.update(chatAccounts).set({ checkedAt: askedAt }).where(eq(chatAccounts.id, account.id));
      return 'online';
    }
    drop = status.reason ?? 'unknown';
  } catch (err) {
    if (!(err instanceof GatewayError)) throw err;
    // A gateway that does not answer (after the adapter's retries) is a drop of its own kind; one
    // that does not know the account has lost it; anything else (rate limit, a refusal) tells us
    // nothing about the account, so its state stays as it was.
    if (err.code === 'unreachable') drop = 'gatewayUnreachable';
    else if (err.code === 'notFound' || err.code === 'offline') drop = 'unknown';
    else {
      deps.logger?.warn({ accountId: account.id, code: err.code, reason: err.message }, 'status check inconclusive');
      return account.loginStatus as ChatLoginStatus;
    }
  }
  if (account.loginStatus === 'online') await markOffline(deps, account.id, drop, askedAt);
  const [now] = await deps.db
    .select({ loginStatus: chatAccounts.loginStatus })
    .from(chatAccounts)
    .where(eq(chatAccounts.id, account.id));
  return (now?.loginStatus ?? 'offline') as ChatLoginStatus;
}

/**
 * Checks the given accounts at the gateway (those it can change; see CHECKABLE) and answers what
 * the sync call shows: how many were asked, how many of all are online and offline afterwards,
 * and which changed.
 */
export async function checkAccounts(deps: StatusDeps, accounts: AccountRow[]): Promise<ChatSyncResult> {
  const changed: ChatSyncResult['changed'] = [];
  const after = new Map<number, ChatLoginStatus>(accounts.map((a) => [a.id, a.loginStatus as ChatLoginStatus]));
  const due = accounts.filter((a) => a.loginStatus === 'online' || a.offlineReason === 'gatewayUnreachable');
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < due.length; i = next++) {
      const account = due[i] as AccountRow;
      const status = await checkOne(deps, account);
      after.set(account.id, status);
      if (status !== account.loginStatus) {
        changed.push({ id: account.id, from: account.loginStatus as ChatLoginStatus, to: status });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CHECK_CONCURRENCY, due.length) }, worker));
  const statuses = [...after.values()];
  return {
    checked: due.length,
    online: statuses.filter((s) => s === 'online').length,
    offline: statuses.filter((s) => s === 'offline').length,
    changed: changed.sort((a, b) => a.id - b.id),
  };
}

/** One beat of the login supervisor: every account the gateway can change, of every customer. */
export async function superviseAccounts(deps: StatusDeps): Promise<ChatSyncResult> {
  const accounts = await deps.db.select().from(chatAccounts).where(CHECKABLE);
  return checkAccounts(deps, accounts);
}
