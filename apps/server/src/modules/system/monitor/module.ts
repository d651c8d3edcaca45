import { LOGINLOG_PERMISSIONS, ONLINE_PERMISSIONS, OPERLOG_PERMISSIONS } from '@agent-console/contracts';
import { page, t } from '../../../db/seed/menu-tree';
import type { FeatureModule } from '../../../http/app-deps';
import { logRetentionJob } from './log-retention';
import { monitorRoutes } from './monitor.routes';

/** The operation and login logs, online users, the model's status. */
export const monitorModule: FeatureModule = {
  name: 'system/monitor',
  tables: ['operation_logs', 'login_logs'],
  routes: [monitorRoutes],
  jobHandlers: [logRetentionJob],
  permissions: [ONLINE_PERMISSIONS, OPERLOG_PERMISSIONS, LOGINLOG_PERMISSIONS],
  menu: [
    {
      under: 'Monitor',
      order: 10,
      menu: page(
        'MonitorOnline',
        '/monitor/online',
        'monitor/online/index',
        t('Online users', '在线用户', '線上使用者', 'オンラインユーザー'),
        ONLINE_PERMISSIONS,
        'team',
      ),
    },
    {
      under: 'Monitor',
      order: 20,
      menu: page(
        'MonitorOperlog',
        '/monitor/operlog',
        'monitor/operlog/index',
        t('Operation logs', '操作日志', '操作日誌', '操作ログ'),
        OPERLOG_PERMISSIONS,
        'file-text',
      ),
    },
    {
      under: 'Monitor',
      order: 30,
      menu: page(
        'MonitorLoginlog',
        '/monitor/loginlog',
        'monitor/loginlog/index',
        t('Login logs', '登录日志', '登入日誌', 'ログインログ'),
        LOGINLOG_PERMISSIONS,
        'login',
      ),
    },
  ],
};
