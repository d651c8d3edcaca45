import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app';
import { authRoutes } from './auth/auth.routes';
import { deptRoutes } from './dept/dept.routes';
import { dictRoutes } from './dict/dict.routes';
import { healthRoutes } from './health/health.routes';
import { jobRoutes } from './job/job.routes';
import { knowledgeRoutes } from './knowledge/knowledge.routes';
import { currentMenuRoutes } from './menu/current-menu.routes';
import { menuAdminRoutes } from './menu-admin/menu-admin.routes';
import { monitorRoutes } from './monitor/monitor.routes';
import { ossRoutes } from './oss/oss.routes';
import { permissionRoutes } from './permission/permission.routes';
import { postRoutes } from './post/post.routes';
import { qaRoutes } from './qa/qa.routes';
import { roleRoutes } from './role/role.routes';
import { profileRoutes } from './user/profile.routes';
import { userRoutes } from './user/user.routes';
import { userAdminRoutes } from './user-admin/user-admin.routes';

export type ModuleRoutes = (app: FastifyInstance, deps: AppDeps) => Promise<void>;

/** Every module's routes; a new module adds one line here. */
export const MODULE_ROUTES: ModuleRoutes[] = [
  healthRoutes,
  authRoutes,
  userRoutes,
  currentMenuRoutes,
  profileRoutes,
  monitorRoutes,
  deptRoutes,
  userAdminRoutes,
  roleRoutes,
  menuAdminRoutes,
  permissionRoutes,
  postRoutes,
  dictRoutes,
  jobRoutes,
  ossRoutes,
  knowledgeRoutes,
  qaRoutes,
];
