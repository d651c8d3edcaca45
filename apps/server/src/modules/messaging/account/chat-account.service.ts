import {
  CHAT_ACCOUNT_OWNER_LIMIT,
  type ChatAccount,
  type ChatAccountOption,
  type ChatAccountOwnerOption,
  type ChatDropReason,
  type ChatLoginStatus,
  type ChatRisk,
  type ContactInitStatus,
  type chatAccountListQuerySchema,
  type chatAccountOwnerQuerySchema,
  type chatAccountPageQuerySchema,
  type Language,
  type PageResult,
} from '@agent-console/contracts';
import { and, asc, desc, eq, ilike, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { containsPattern } from '../../../db/like';
import { chatAccounts } from '../../../db/schema';
import { scopeCondition } from '../../../http/data-scope';
import { found } from '../../../http/found';
import { sortedPage } from '../../../http/paging';
import type { AuthContext } from '../../../http/request-context';
import type { MessagingGateway } from '../../../integrations/messaging-gateway/gateway';
import { AppError } from '../../../lib/app-error';
import { appCustomerId, appNameOf } from '../../config/app-config/app.repo';
import { customerNameOf } from '../../system/customer/customer.repo';
import { userNickNameOf, userOptionInScope, usersInScopeMatching } from '../../system/user/user.repo';
import { accountSendRisks, type PacingOverrides } from './account-ports';
import { type ChatAccountRow, loadScopedAccount } from './account-scope';

export type AccountRow = ChatAccountRow;

/** An account row with what its answer shows besides: names of its customer, owner and app. */
interface AccountView {
  account: AccountRow;
  customerName: string;
  ownerUserName: string | null;
  appName: string | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toAccount(view: AccountView, risk: ChatRisk): ChatAccount {
  const a = view.account;
  return {
    id: a.id,
    customerId: a.customerId,
    customerName: view.customerName,
    ownerUserId: a.ownerUserId,
    ownerUserName: view.ownerUserName,
    wcId: a.wcId,
    account: a.account,
    loginStatus: a.loginStatus as ChatLoginStatus,
    avatar: a.avatar,
    nickname: a.nickname,
    signature: a.signature,
    region: a.region,
    firstLoginAt: iso(a.firstLoginAt),
    lastLoginAt: iso(a.lastLoginAt),
    offlineAt: iso(a.offlineAt),
    offlineReason: a.offlineReason as ChatDropReason | null,
    contactsInitStatus: a.contactsInitStatus as ContactInitStatus,
    contactsInitializedAt: iso(a.contactsInitializedAt),
    contactCount: a.contactsTotal,
    risk,
    appId: a.appId,
    appName: view.appName,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

/**
 * The account with its customer, owner and app: the shape every answer is built from, its risk
 * aside (read for the whole page at once, see `accountSendRisks`).
 */
function selectViews(db: Db, lang: Language) {
  return db
    .select({
      account: chatAccounts,
      customerName: customerNameOf(chatAccounts.customerId, lang),
      ownerUserName: userNickNameOf(chatAccounts.ownerUserId),
      appName: appNameOf(chatAccounts.appId),
    })
    .from(chatAccounts);
}

/** Scope 5 ("only their own rows") sees the accounts its user owns. */
const accountScope = (auth: AuthContext) => scopeCondition(auth, chatAccounts.customerId, chatAccounts.ownerUserId);

export async function pageAccounts(
  db: Db,
  auth: AuthContext,
  q: z.output<typeof chatAccountPageQuerySchema>,
  lang: Language,
  pacing: PacingOverrides,
): Promise<PageResult<ChatAccount>> {
  const keyword = q.keyword ? containsPattern(q.keyword) : undefined;
  const where = and(
    accountScope(auth),
    keyword ? or(ilike(chatAccounts.account, keyword), ilike(chatAccounts.nickname, keyword)) : undefined,
    q.loginStatus ? eq(chatAccounts.loginStatus, q.loginStatus) : undefined,
    q.customerId ? eq(chatAccounts.customerId, q.customerId) : undefined,
    q.ownerUserId ? eq(chatAccounts.ownerUserId, q.ownerUserId) : undefined,
  );
  return sortedPage(db, q, {
    select: selectViews(db, lang),
    where,
    table: chatAccounts,
    sortable: {
      createdAt: chatAccounts.createdAt,
      nickname: chatAccounts.nickname,
      account: chatAccounts.account,
      loginStatus: chatAccounts.loginStatus,
      lastLoginAt: chatAccounts.lastLoginAt,
    },
    fallback: [desc(chatAccounts.createdAt), desc(chatAccounts.id)],
    toList: async (rows) => {
      const riskOf = await accountSendRisks()(
        db,
        pacing,
        rows.map((r) => r.account.id),
        new Date(),
      );
      return rows.map((r) => toAccount(r, riskOf(r.account.id)));
    },
  });
}

/** The light list behind the account pickers (contacts, batch messages, follow-up robots). */
export async function listAccountOptions(
  db: Db,
  auth: AuthContext,
  q: z.output<typeof chatAccountListQuerySchema>,
  pacing: PacingOverrides,
): Promise<ChatAccountOption[]> {
  const rows = await db
    .select({
      id: chatAccounts.id,
      customerId: chatAccounts.customerId,
      wcId: chatAccounts.wcId,
      nickname: chatAccounts.nickname,
      avatar: chatAccounts.avatar,
      loginStatus: chatAccounts.loginStatus,
    })
    .from(chatAccounts)
    .where(
      and(
        accountScope(auth),
        q.onlineOnly ? eq(chatAccounts.loginStatus, 'online') : undefined,
        q.customerId ? eq(chatAccounts.customerId, q.customerId) : undefined,
      ),
    )
    .orderBy(asc(chatAccounts.nickname), asc(chatAccounts.id));
  // The pickers of batch messages and robots show what each account may still send today.
  const riskOf = await accountSendRisks()(
    db,
    pacing,
    rows.map((r) => r.id),
    new Date(),
  );
  return rows.map((r) => ({ ...r, loginStatus: r.loginStatus as ChatLoginStatus, budget: riskOf(r.id).budget }));
}

/**
 * The owner filter's options: users the caller may see, as the user list would scope them, but
 * for anyone who may list accounts (the user list's own permission is not needed to filter by
 * owner). The user named by `userId` comes first when in scope, so a filter restored from the URL
 * shows its name.
 */
export async function listOwnerOptions(
  db: Db,
  auth: AuthContext,
  q: z.output<typeof chatAccountOwnerQuerySchema>,
): Promise<ChatAccountOwnerOption[]> {
  const keyword = q.keyword ? containsPattern(q.keyword) : undefined;
  const [rows, named] = await Promise.all([
    usersInScopeMatching(db, auth, { keyword, customerId: q.customerId }, CHAT_ACCOUNT_OWNER_LIMIT),
    q.userId ? userOptionInScope(db, auth, q.userId) : Promise.resolve([]),
  ]);
  return [...named, ...rows.filter((r) => !named.some((n) => n.id === r.id))];
}

/**
 * Which app serves an account (issue 16): its contacts are answered by that app's agent and its
 * new friends greeted with that app's welcome; null leaves the account without an agent. The app
 * must be the account's customer's (another customer's, or one that does not exist, is refused
 * naming `appId`, whatever the caller's own scope): a customer's contacts are answered from that
 * customer's knowledge only.
 */
export async function setAccountApp(
  db: Db,
  auth: AuthContext,
  input: { accountId: number; appId: number | null },
): Promise<void> {
  const account = await loadScopedAccount(db, auth, input.accountId);
  if (input.appId !== null) {
    if ((await appCustomerId(db, input.appId)) !== account.customerId)
      throw AppError.field('A0400', 'appId', 'invalidValue');
  }
  await db
    .update(chatAccounts)
    .set({ appId: input.appId, updatedAt: new Date() })
    .where(eq(chatAccounts.id, account.id));
}

/** One account as the API answers it. */
export async function accountById(db: Db, id: number, lang: Language, pacing: PacingOverrides): Promise<ChatAccount> {
  const row = await found(selectViews(db, lang).where(eq(chatAccounts.id, id)));
  const riskOf = await accountSendRisks()(db, pacing, [id], new Date());
  return toAccount(row, riskOf(id));
}

/**
 * Removes an account: it is logged out at the gateway first when the gateway answers (so it stops
 * receiving messages nobody will read), then deleted with its contacts, labels, message log and
 * login sessions (foreign keys cascade). A gateway that cannot be reached does not block the
 * removal: the operator's intent is clear, and the account is of no use to the console anyway.
 * The row is marked offline (`removed`) before the logout, so the gateway's own "offline"
 * callback about the logout finds it offline already and raises no alert: nobody needs a mail
 * about what they just did.
 */
export async function deleteAccount(
  db: Db,
  gateway: MessagingGateway | null,
  auth: AuthContext,
  id: number,
  logger?: FastifyBaseLogger,
): Promise<number> {
  const row = await loadScopedAccount(db, auth, id);
  const now = new Date();
  await db
    .update(chatAccounts)
    .set({ loginStatus: 'offline', offlineAt: now, offlineReason: 'removed', updatedAt: now })
    .where(and(eq(chatAccounts.id, id), eq(chatAccounts.loginStatus, 'online')));
  // Also when it showed offline: the gateway may still hold a session our last check missed.
  if (gateway) {
    try {
      await gateway.logout(row.wcId);
    } catch (err) {
      logger?.warn(
        { accountId: id, reason: (err as Error).message },
        'gateway logout failed; removing the account anyway',
      );
    }
  }
  const deleted = await db.delete(chatAccounts).where(eq(chatAccounts.id, id)).returning({ id: chatAccounts.id });
  return deleted.length;
}

/** The accounts a sync covers: the one asked for (within scope), or every account in scope. */
export async function accountsInScope(db: Db, auth: AuthContext, id?: number): Promise<AccountRow[]> {
  if (id) return [await loadScopedAccount(db, auth, id)];
  return db.select().from(chatAccounts).where(accountScope(auth)).orderBy(asc(chatAccounts.id));
}
