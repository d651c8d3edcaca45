import { DEPT_PERMISSIONS } from '@agent-console/contracts';
import { DEPT_ROUTE_SCHEMAS, DEPT_ROUTES } from '@agent-console/contracts/system-dept';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { serveRoutes } from '../../../http/serve-routes';
import { currentInvitationCode, rotateInvitationCode } from '../customer/invitation.repo';
import {
  createDept,
  deleteDept,
  deptTree,
  listDepts,
  loadInvitingCustomer,
  pageDepts,
  updateDept,
} from './dept.service';

/** Customers (the department tree), SPEC §7 "Dept (/system/dept) and customers". */
export async function deptRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const route = serveRoutes(app, DEPT_ROUTES, DEPT_ROUTE_SCHEMAS, ['system/dept']);
  const P = DEPT_PERMISSIONS;

  // Tree and flat list feed pickers on many screens (user filter, role data scope), so they need
  // only a session; they are limited to the caller's data scope like every list.
  route('tree', {}, (r) => deptTree(db, requireAuth(r), r.lang));
  route('all', {}, (r) => listDepts(db, requireAuth(r), r.lang));
  route('page', { permission: P.list }, (r) => pageDepts(db, requireAuth(r), r.body, r.lang));
  route('save', { permission: P.add }, (r) => createDept(db, requireAuth(r), r.body, r.lang));
  route('update', { permission: P.edit }, (r) => updateDept(db, requireAuth(r), r.params.id, r.body, r.lang));
  route('remove', { permission: P.remove }, async (r) => {
    await deleteDept(db, requireAuth(r), r.params.id);
    return null;
  });
  route('invitation', { permission: P.edit }, async (r, reply) => {
    const row = await loadInvitingCustomer(db, requireAuth(r), r.params.id);
    // The code lets anyone register into the customer: never kept by a cache.
    reply.header('cache-control', 'no-store');
    return currentInvitationCode(db, row.id);
  });
  route('rotateInvitation', { permission: P.edit }, async (r, reply) => {
    const row = await loadInvitingCustomer(db, requireAuth(r), r.params.id);
    reply.header('cache-control', 'no-store');
    return rotateInvitationCode(db, row.id);
  });
}
