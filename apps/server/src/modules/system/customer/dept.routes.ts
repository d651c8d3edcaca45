import {
  deptNodeSchema,
  deptPageQuerySchema,
  deptSaveSchema,
  deptSchema,
  envelopeSchema,
  invitationCodeSchema,
  PERMISSIONS,
  pageResultSchema,
  systemIdParamsSchema,
} from '@agent-console/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { ok } from '../../../http/envelope';
import {
  createDept,
  deleteDept,
  deptTree,
  listDepts,
  loadCustomerInScope,
  pageDepts,
  updateDept,
} from './dept.service';
import { currentInvitationCode, rotateInvitationCode } from './invitation.service';

const BASE = '/api/v3/system/dept';
const tags = ['system/dept'];

/** Customers (the department tree), SPEC §7 "Dept (/system/dept) and customers". */
export async function deptRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  // Tree and flat list feed pickers on many screens (user filter, role data scope), so they need
  // only a session; they are limited to the caller's data scope like every list.
  app.get(
    `${BASE}/tree/all`,
    {
      schema: {
        tags,
        summary: 'Customer tree within the caller’s scope',
        response: { 200: envelopeSchema(z.array(deptNodeSchema)) },
      },
    },
    async (request) => ok(await deptTree(db, requireAuth(request), request.lang)),
  );
  app.get(
    `${BASE}/allList`,
    {
      schema: {
        tags,
        summary: 'Every customer within the caller’s scope',
        response: { 200: envelopeSchema(z.array(deptSchema)) },
      },
    },
    async (request) => ok(await listDepts(db, requireAuth(request), request.lang)),
  );
  app.post(
    `${BASE}/customer/list/page`,
    {
      config: { permission: PERMISSIONS.dept.list },
      schema: {
        tags,
        summary: 'Customer page list',
        body: deptPageQuerySchema,
        response: { 200: envelopeSchema(pageResultSchema(deptSchema)) },
      },
    },
    async (request) => ok(await pageDepts(db, requireAuth(request), request.body, request.lang)),
  );
  app.post(
    `${BASE}/save`,
    {
      config: { permission: PERMISSIONS.dept.add },
      schema: {
        tags,
        summary: 'Create a customer',
        body: deptSaveSchema,
        response: { 200: envelopeSchema(deptSchema) },
      },
    },
    async (request) => ok(await createDept(db, requireAuth(request), request.body, request.lang)),
  );
  app.post(
    `${BASE}/update/:id`,
    {
      config: { permission: PERMISSIONS.dept.edit },
      schema: {
        tags,
        summary: 'Change a customer',
        params: systemIdParamsSchema,
        body: deptSaveSchema,
        response: { 200: envelopeSchema(deptSchema) },
      },
    },
    async (request) => ok(await updateDept(db, requireAuth(request), request.params.id, request.body, request.lang)),
  );
  app.get(
    `${BASE}/delete/:id`,
    {
      config: { permission: PERMISSIONS.dept.remove },
      schema: {
        tags,
        summary: 'Delete a customer without children or users',
        params: systemIdParamsSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await deleteDept(db, requireAuth(request), request.params.id);
      return ok(null);
    },
  );
  app.get(
    `${BASE}/invitation/:id`,
    {
      config: { permission: PERMISSIONS.dept.edit },
      schema: {
        tags,
        summary: 'The customer’s invitation code',
        params: systemIdParamsSchema,
        response: { 200: envelopeSchema(invitationCodeSchema) },
      },
    },
    async (request, reply) => {
      const row = await loadCustomerInScope(db, requireAuth(request), request.params.id);
      // The code lets anyone register into the customer: never kept by a cache.
      reply.header('cache-control', 'no-store');
      return ok(await currentInvitationCode(db, row.id));
    },
  );
  app.post(
    `${BASE}/invitation/rotate/:id`,
    {
      config: { permission: PERMISSIONS.dept.edit },
      schema: {
        tags,
        summary: 'Revoke the invitation code and issue a new one',
        params: systemIdParamsSchema,
        response: { 200: envelopeSchema(invitationCodeSchema) },
      },
    },
    async (request, reply) => {
      const row = await loadCustomerInScope(db, requireAuth(request), request.params.id);
      reply.header('cache-control', 'no-store');
      return ok(await rotateInvitationCode(db, row.id));
    },
  );
}
