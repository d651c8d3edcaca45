import { JOB_PERMISSIONS } from '@agent-console/contracts';
import { page, t } from '../../../db/seed/menu-tree';
import type { FeatureModule } from '../../../http/app-deps';
import { jobRoutes } from './job.routes';

/** Scheduled jobs and their runs. */
export const jobModule: FeatureModule = {
  name: 'system/job',
  tables: ['jobs', 'job_logs'],
  routes: [jobRoutes],
  permissions: [JOB_PERMISSIONS],
  menu: [
    {
      under: 'System',
      order: 70,
      menu: page(
        'SystemJob',
        '/system/job',
        'system/job/index',
        t('Task scheduling', '任务调度', '任務排程', 'タスクスケジュール'),
        JOB_PERMISSIONS,
        'schedule',
      ),
    },
  ],
};
