import type { AiRoleQuery, LeadItem, NewCustomerAccessConfig, WelcomeMessageInput } from '@agent-console/contracts';
import { eq } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/client';
import { aiRoleConfigs } from '../../../db/schema';
import type { AuthContext } from '../../../http/request-context';
import { userNickNameOf } from '../../system/user/user.repo';
import { ROLE_CONFIG_DEFAULTS } from './role-config';
import { loadRoleTarget, type RoleTarget } from './role-target';
import { resolveWelcomeMessages, withViewUrls } from './welcome-files';

/** An app's new-customer access as saved; the defaults (auto-accept off, nothing) when never saved. */
async function readAccess(exec: Executor, target: RoleTarget): Promise<NewCustomerAccessConfig> {
  const [row] = await exec
    .select({
      autoAcceptFriend: aiRoleConfigs.autoAcceptFriend,
      welcomeMessages: aiRoleConfigs.welcomeMessages,
      leadItems: aiRoleConfigs.leadItems,
      at: aiRoleConfigs.accessUpdatedAt,
      by: userNickNameOf(aiRoleConfigs.accessUpdatedBy),
    })
    .from(aiRoleConfigs)
    .where(eq(aiRoleConfigs.appId, target.appId));
  return {
    customerId: target.customerId,
    appId: target.appId,
    autoAcceptFriend: row?.autoAcceptFriend ?? ROLE_CONFIG_DEFAULTS.autoAcceptFriend,
    welcomeMessages: withViewUrls(row?.welcomeMessages ?? ROLE_CONFIG_DEFAULTS.welcomeMessages),
    leadItems: row?.leadItems ?? ROLE_CONFIG_DEFAULTS.leadItems,
    updatedAt: row?.at?.toISOString() ?? null,
    updatedBy: row?.by ?? null,
  };
}

export async function getNewCustomerAccess(
  db: Db,
  auth: AuthContext,
  query: AiRoleQuery,
): Promise<NewCustomerAccessConfig> {
  return readAccess(db, await loadRoleTarget(db, auth, query));
}

export interface SaveAccess extends AiRoleQuery {
  autoAcceptFriend: boolean;
  welcomeMessages: WelcomeMessageInput[];
  leadItems: LeadItem[];
}

/**
 * Saves an app's new-customer access. The contract has checked counts, required fields and
 * lengths; here the customer, the app and every file or image are checked, all before the one
 * write, so a refused save changes nothing. Only the access columns are written.
 */
export async function saveNewCustomerAccess(
  db: Db,
  auth: AuthContext,
  command: SaveAccess,
): Promise<NewCustomerAccessConfig> {
  return db.transaction(async (tx) => {
    const target = await loadRoleTarget(tx, auth, command);
    const welcomeMessages = await resolveWelcomeMessages(tx, target.customerId, command.welcomeMessages);
    const changed = {
      autoAcceptFriend: command.autoAcceptFriend,
      welcomeMessages,
      leadItems: command.leadItems.map(({ item, description, example }) => ({ item, description, example })),
      accessUpdatedAt: new Date(),
      accessUpdatedBy: auth.userId,
    };
    await tx
      .insert(aiRoleConfigs)
      .values({ appId: target.appId, customerId: target.customerId, ...changed })
      .onConflictDoUpdate({ target: aiRoleConfigs.appId, set: { customerId: target.customerId, ...changed } });
    return readAccess(tx, target);
  });
}
