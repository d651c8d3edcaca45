import type { NeedsPersonCount } from '@agent-console/contracts';
import { and, asc, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agentConversations, chatAccounts, chatContacts } from '../../db/schema';
import { scopeCondition } from '../../http/data-scope';
import type { AuthContext } from '../../http/request-context';

/**
 * Conversations waiting for a person in the caller's scope (the home page's count), per account,
 * most first. Only live contacts count: the contacts screen lists those, and a count it cannot
 * show would send people looking for nothing.
 */
export async function countNeedsPerson(db: Db, auth: AuthContext): Promise<NeedsPersonCount> {
  const n = count();
  const rows = await db
    .select({ accountId: chatAccounts.id, nickname: chatAccounts.nickname, count: n })
    .from(agentConversations)
    .innerJoin(chatContacts, eq(chatContacts.id, agentConversations.contactId))
    .innerJoin(chatAccounts, eq(chatAccounts.id, chatContacts.accountId))
    .where(
      and(
        isNotNull(agentConversations.needsPersonAt),
        isNull(chatContacts.goneAt),
        scopeCondition(auth, chatAccounts.customerId, chatAccounts.ownerUserId),
      ),
    )
    .groupBy(chatAccounts.id, chatAccounts.nickname)
    .orderBy(desc(n), asc(chatAccounts.id));
  const accounts = rows.map((r) => ({ accountId: r.accountId, nickname: r.nickname, count: Number(r.count) }));
  return { total: accounts.reduce((sum, a) => sum + a.count, 0), accounts };
}
