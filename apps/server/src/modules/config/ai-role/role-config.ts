import type { LeadItem, WelcomeMessage } from '@agent-console/contracts';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { aiRoleConfigs } from '../../../db/schema';

/** An app's AI role as the agent runs it (WAVE2 §5, §6); the defaults when it was never saved. */
export interface RoleConfig {
  /** Empty: the agent's built-in instructions only. */
  mainPrompt: string;
  autoAcceptFriend: boolean;
  welcomeMessages: WelcomeMessage[];
  leadItems: LeadItem[];
}

export const ROLE_CONFIG_DEFAULTS: RoleConfig = {
  mainPrompt: '',
  autoAcceptFriend: false,
  welcomeMessages: [],
  leadItems: [],
};

/** Read on every use, so a saved change applies to the next answer, request or message. */
export async function readRoleConfig(db: Executor, appId: number): Promise<RoleConfig> {
  const [row] = await db
    .select({
      mainPrompt: aiRoleConfigs.mainPrompt,
      autoAcceptFriend: aiRoleConfigs.autoAcceptFriend,
      welcomeMessages: aiRoleConfigs.welcomeMessages,
      leadItems: aiRoleConfigs.leadItems,
    })
    .from(aiRoleConfigs)
    .where(eq(aiRoleConfigs.appId, appId));
  return row ?? { ...ROLE_CONFIG_DEFAULTS };
}
