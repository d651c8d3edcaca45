import { eq, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client';
import { chatAccounts, chatLoginSessions } from '../../../db/schema';
import { customerReplyReservePercentOf } from '../../system/customer/customer.repo';

/** Other features read and write this feature's tables through these functions, never through the tables (issue 35). */

/**
 * The accounts as the runtime reads them (id, customer, wcId, app, login status) as a subquery to
 * join by `id` (Postgres flattens it: the plan is that of a join of the table itself).
 */
export const runtimeAccountsToJoin = new QueryBuilder()
  .select({
    id: chatAccounts.id,
    customerId: chatAccounts.customerId,
    wcId: chatAccounts.wcId,
    appId: chatAccounts.appId,
    loginStatus: chatAccounts.loginStatus,
  })
  .from(chatAccounts)
  .as('runtime_account');

/**
 * The accounts with what a list shows of them, their name (nickname, else the account) and whether
 * they are online, as a subquery to join by `id` (flattened by Postgres like a join of the table).
 */
export const accountLabelsToJoin = new QueryBuilder()
  .select({
    id: chatAccounts.id,
    name: sql<string>`coalesce(nullif(${chatAccounts.nickname}, ''), ${chatAccounts.account})`.as('name'),
    online: sql<boolean>`(${chatAccounts.loginStatus} = 'online')`.as('online'),
  })
  .from(chatAccounts)
  .as('account_label');

/** The customer an account belongs to (undefined when there is no such account). */
export async function accountCustomerId(exec: Executor, accountId: number): Promise<number | undefined> {
  const [row] = await exec
    .select({ customerId: chatAccounts.customerId })
    .from(chatAccounts)
    .where(eq(chatAccounts.id, accountId));
  return row?.customerId;
}

/**
 * The accounts' customer, owner and nickname (what a data-scope check and a list's account name
 * need) as a subquery to join by `id` (flattened by Postgres like a join of the table).
 */
export const scopedAccountsToJoin = new QueryBuilder()
  .select({
    id: chatAccounts.id,
    customerId: chatAccounts.customerId,
    ownerUserId: chatAccounts.ownerUserId,
    nickname: chatAccounts.nickname,
  })
  .from(chatAccounts)
  .as('scoped_account');

/**
 * The accounts with who they belong to (customer, owner, app), who they are on the network (wcId,
 * login, nickname) and their first login, as a subquery to join by `id` (flattened by Postgres like
 * a join of the table).
 */
export const accountsToJoin = new QueryBuilder()
  .select({
    id: chatAccounts.id,
    customerId: chatAccounts.customerId,
    ownerUserId: chatAccounts.ownerUserId,
    appId: chatAccounts.appId,
    wcId: chatAccounts.wcId,
    account: chatAccounts.account,
    nickname: chatAccounts.nickname,
    firstLoginAt: chatAccounts.firstLoginAt,
  })
  .from(chatAccounts)
  .as('chat_account');

/** What the pacing governor decides an account's next send by. */
export interface SendingAccount {
  wcId: string;
  appId: number | null;
  firstLoginAt: Date | null;
  /** The reply reserve of the account's customer, in percent of the daily cap. */
  reservePercent: number;
}

/**
 * The account as the pacing governor reads it, under a share lock on its row until the caller's
 * transaction ends (the account cannot be removed while a send is decided); undefined when it is gone.
 */
export async function shareLockSendingAccount(tx: Executor, accountId: number): Promise<SendingAccount | undefined> {
  const [row] = await tx
    .select({
      wcId: chatAccounts.wcId,
      appId: chatAccounts.appId,
      firstLoginAt: chatAccounts.firstLoginAt,
      reservePercent: customerReplyReservePercentOf(chatAccounts.customerId),
    })
    .from(chatAccounts)
    .where(eq(chatAccounts.id, accountId))
    .for('share', { of: chatAccounts });
  return row;
}

/** An account as the runtime reads it: its id, customer, wcId and app. */
export interface RuntimeAccountRow {
  id: number;
  customerId: number;
  wcId: string;
  appId: number | null;
}

async function runtimeAccountWhere(exec: Executor, where: SQL): Promise<RuntimeAccountRow | undefined> {
  const [row] = await exec
    .select({
      id: chatAccounts.id,
      customerId: chatAccounts.customerId,
      wcId: chatAccounts.wcId,
      appId: chatAccounts.appId,
    })
    .from(chatAccounts)
    .where(where);
  return row;
}

/** The account with this wcId as the runtime reads it; undefined when none has it. */
export function runtimeAccountByWcId(exec: Executor, wcId: string): Promise<RuntimeAccountRow | undefined> {
  return runtimeAccountWhere(exec, eq(chatAccounts.wcId, wcId));
}

/** The account with this id as the runtime reads it; undefined when there is none. */
export function runtimeAccountById(exec: Executor, accountId: number): Promise<RuntimeAccountRow | undefined> {
  return runtimeAccountWhere(exec, eq(chatAccounts.id, accountId));
}

/** Where the loading of an account's address list stands (status and error); undefined when there is no such account. */
export async function addressInitStatus(
  exec: Executor,
  accountId: number,
): Promise<{ status: string; error: string | null } | undefined> {
  const [row] = await exec
    .select({ status: chatAccounts.contactsInitStatus, error: chatAccounts.contactsInitError })
    .from(chatAccounts)
    .where(eq(chatAccounts.id, accountId));
  return row;
}

/** The gateway's id of a QR login session (undefined when there is no such session). */
export async function loginSessionGatewayId(exec: Executor, loginSessionId: string): Promise<string | undefined> {
  const [row] = await exec
    .select({ gatewaySessionId: chatLoginSessions.gatewaySessionId })
    .from(chatLoginSessions)
    .where(eq(chatLoginSessions.id, loginSessionId));
  return row?.gatewaySessionId;
}

/**
 * The accounts, every column under its own name, as a subquery named `alias`, for raw SQL (the
 * metrics' reports); Postgres flattens it into the plan of the table itself.
 */
export const accountsAs = (alias: string) => new QueryBuilder().select().from(chatAccounts).as(alias);
