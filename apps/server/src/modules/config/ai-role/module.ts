import { AI_ACCESS_PERMISSIONS, AI_PROMPT_PERMISSIONS } from '@agent-console/contracts';
import { page, t } from '../../../db/seed/menu-tree';
import type { FeatureModule } from '../../../http/app-deps';
import { aiRoleRoutes } from './ai-role.routes';

/** The main prompt and new-customer access. */
export const aiRoleModule: FeatureModule = {
  name: 'config/ai-role',
  tables: ['ai_role_configs'],
  routes: [aiRoleRoutes],
  permissions: [AI_PROMPT_PERMISSIONS, AI_ACCESS_PERMISSIONS],
  menu: [
    {
      under: 'Ai',
      order: 10,
      menu: page(
        'AiMainPrompt',
        '/ai/main-prompt',
        'ai/main-prompt/index',
        t('Main prompt', '主提示词', '主提示詞', 'メインプロンプト'),
        AI_PROMPT_PERMISSIONS,
        'edit',
      ),
    },
    {
      under: 'Ai',
      order: 20,
      menu: page(
        'AiNewCustomerAccess',
        '/ai/new-customer-access',
        'ai/new-customer-access/index',
        t('New customer access', '新客接入', '新客接入', '新規顧客の受け入れ'),
        AI_ACCESS_PERMISSIONS,
        'user-add',
      ),
    },
  ],
};
