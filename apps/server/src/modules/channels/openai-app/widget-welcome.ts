import type { Executor } from '../../../db/client';
import { readRoleConfig } from '../../config/ai-role/role-config';

/**
 * What the website widget greets a visitor with: the app's welcome messages that are text (files
 * and images go to chat contacts only), read on every use so a saved change shows at once.
 */
export async function widgetWelcome(db: Executor, appId: number): Promise<string[]> {
  const { welcomeMessages } = await readRoleConfig(db, appId);
  return welcomeMessages.flatMap((m) => (m.type === 'text' && m.text?.trim() ? [m.text] : []));
}
