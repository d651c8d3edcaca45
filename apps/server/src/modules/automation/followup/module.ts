import { FOLLOWUP_ACTIVE_PERMISSIONS, FOLLOWUP_CONFIG_PERMISSIONS } from '@agent-console/contracts';
import { page, t } from '../../../db/seed/menu-tree';
import type { FeatureModule } from '../../../http/app-deps';
import { followupRoutes } from './followup.routes';

/** Follow-up strategies and robots. */
export const followupModule: FeatureModule = {
  name: 'automation/followup',
  tables: ['followup_strategies', 'followup_robots', 'followup_robot_strategies'],
  routes: [followupRoutes],
  permissions: [FOLLOWUP_CONFIG_PERMISSIONS, FOLLOWUP_ACTIVE_PERMISSIONS],
  menu: [
    {
      under: 'Followup',
      order: 10,
      menu: page(
        'FollowupConfig',
        '/followup/config',
        'followup/config/index',
        t('Follow-up strategy', '跟进策略', '跟進策略', 'フォローアップ戦略'),
        FOLLOWUP_CONFIG_PERMISSIONS,
        'branches',
      ),
    },
    {
      under: 'Followup',
      order: 20,
      menu: page(
        'FollowupActive',
        '/followup/active',
        'followup/active/index',
        t('Active follow-up', '主动跟进', '主動跟進', '能動的フォローアップ'),
        FOLLOWUP_ACTIVE_PERMISSIONS,
        'thunderbolt',
      ),
    },
  ],
};
