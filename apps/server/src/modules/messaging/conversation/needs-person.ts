import {
  APP_INFO_PERMISSIONS,
  NEEDS_PERSON_LATEST,
  type NeedsPersonCount,
  type NeedsPersonReason,
} from '@agent-console/contracts';
import { and, asc, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { scopeCondition } from '../../../http/data-scope';
import { hasPermission } from '../../../http/permission';
import type { AuthContext } from '../../../http/request-context';
import { conversationsToJoin as conversations } from '../../agent/conversation/conversation.repo';
import { appsAs } from '../../config/app-config/app.repo';
import { scopedAccountsToJoin as scopedAccounts } from '../account/account.repo';
import { contactsToJoin as contacts } from '../contact/contact.repo';

/**
 * Conversations waiting for a person in the caller's scope (the home page's count), per account,
 * most first, and the latest of them by name with why they wait. Only live contacts count: the contacts screen lists those, and a count it cannot
 * show would send people looking for nothing.
 */
export async function countNeedsPerson(db: Db, auth: AuthContext): Promise<NeedsPersonCount> {
  const n = count();
  const waiting = and(
    isNotNull(conversations.needsPersonAt),
    isNull(contacts.goneAt),
    scopeCondition(auth, scopedAccounts.customerId, scopedAccounts.ownerUserId),
  );
  const latest = await db
    .select({
      accountId: scopedAccounts.id,
      accountName: scopedAccounts.nickname,
      contactId: contacts.id,
      contactName: contacts.nickname,
      wcId: contacts.wcId,
      reason: conversations.needsPersonReason,
      at: conversations.needsPersonAt,
    })
    .from(conversations)
    .innerJoin(contacts, eq(contacts.id, conversations.contactId))
    .innerJoin(scopedAccounts, eq(scopedAccounts.id, contacts.accountId))
    .where(waiting)
    .orderBy(desc(conversations.needsPersonAt), desc(conversations.id))
    .limit(NEEDS_PERSON_LATEST);
  const rows = await db
    .select({ accountId: scopedAccounts.id, nickname: scopedAccounts.nickname, count: n })
    .from(conversations)
    .innerJoin(contacts, eq(contacts.id, conversations.contactId))
    .innerJoin(scopedAccounts, eq(scopedAccounts.id, contacts.accountId))
    .where(waiting)
    .groupBy(scopedAccounts.id, scopedAccounts.nickname)
    .orderBy(desc(n), asc(scopedAccounts.id));
  const accounts = rows.map((r) => ({ accountId: r.accountId, nickname: r.nickname, count: Number(r.count) }));
  const visitors = hasPermission(auth, APP_INFO_PERMISSIONS.list) ? await visitorsWaiting(db, auth) : [];
  return {
    total: [...accounts, ...visitors].reduce((sum, a) => sum + a.count, 0),
    accounts,
    visitors,
    latest: latest.map((r) => ({
      accountId: r.accountId,
      accountName: r.accountName,
      contactId: r.contactId,
      contactName: r.contactName || r.wcId,
      reason: (r.reason as NeedsPersonReason | null) ?? null,
      at: (r.at as Date).toISOString(),
    })),
  };
}

/** Website visitors' conversations waiting for a person, per app of a customer in the caller's scope. */
async function visitorsWaiting(db: Db, auth: AuthContext): Promise<NeedsPersonCount['visitors']> {
  const appRows = appsAs('app_rows');
  const n = count();
  const rows = await db
    .select({ appId: appRows.id, appName: appRows.name, appCode: appRows.code, count: n })
    .from(conversations)
    .innerJoin(appRows, eq(appRows.id, conversations.appId))
    .where(
      and(
        eq(conversations.channel, 'widget'),
        isNotNull(conversations.needsPersonAt),
        scopeCondition(auth, appRows.customerId),
      ),
    )
    .groupBy(appRows.id, appRows.name, appRows.code)
    .orderBy(desc(n), asc(appRows.id));
  return rows.map((r) => ({ appId: r.appId, appName: r.appName, appCode: r.appCode, count: Number(r.count) }));
}
