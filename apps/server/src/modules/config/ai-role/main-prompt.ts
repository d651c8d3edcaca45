import type { AiRoleQuery, MainPromptConfig } from '@agent-console/contracts';
import { eq } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/client';
import { aiRoleConfigs } from '../../../db/schema';
import type { AuthContext } from '../../../http/request-context';
import { userNickNameOf } from '../../system/user/user.repo';
import { loadRoleTarget, type RoleTarget } from './role-target';

/** The main prompt of an app as saved; empty content, no time and no person when never saved. */
async function readMainPrompt(exec: Executor, target: RoleTarget): Promise<MainPromptConfig> {
  const [row] = await exec
    .select({
      content: aiRoleConfigs.mainPrompt,
      at: aiRoleConfigs.mainPromptUpdatedAt,
      by: userNickNameOf(aiRoleConfigs.mainPromptUpdatedBy),
    })
    .from(aiRoleConfigs)
    .where(eq(aiRoleConfigs.appId, target.appId));
  return {
    customerId: target.customerId,
    appId: target.appId,
    content: row?.content ?? '',
    updatedAt: row?.at?.toISOString() ?? null,
    updatedBy: row?.by ?? null,
  };
}

export async function getMainPrompt(db: Db, auth: AuthContext, query: AiRoleQuery): Promise<MainPromptConfig> {
  return readMainPrompt(db, await loadRoleTarget(db, auth, query));
}

/**
 * Saves an app's main prompt (already trimmed and checked by the contract: required, at most 200
 * code points). Only the prompt's columns are written, so new-customer access saved at the same
 * time is kept; the agent reads it on its next answer.
 */
export async function saveMainPrompt(
  db: Db,
  auth: AuthContext,
  command: AiRoleQuery & { content: string },
): Promise<MainPromptConfig> {
  return db.transaction(async (tx) => {
    const target = await loadRoleTarget(tx, auth, command);
    const changed = { mainPrompt: command.content, mainPromptUpdatedAt: new Date(), mainPromptUpdatedBy: auth.userId };
    await tx
      .insert(aiRoleConfigs)
      .values({ appId: target.appId, customerId: target.customerId, ...changed })
      .onConflictDoUpdate({ target: aiRoleConfigs.appId, set: { customerId: target.customerId, ...changed } });
    return readMainPrompt(tx, target);
  });
}
