import {
  envelopeSchema,
  PERMISSIONS,
  type PermissionCode,
  passwordUpdateSchema,
  profileIdParamsSchema,
  profileUpdateSchema,
  userProfileSchema,
} from '@agent-console/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { ok } from '../../../http/envelope';
import type { PermissionRule } from '../../../http/permission';
import { getProfile, updatePassword, updateProfile } from './profile.service';

/**
 * A user's own profile and password (user settings screen). One's own id needs no permission;
 * another user's id needs the user-management permission (declared per route below), and the
 * service then allows only a user inside one's data scope, and a super-admin account only to a
 * super admin.
 */
const otherUser = (permission: PermissionCode): PermissionRule[] => [
  { from: 'params', key: 'id', when: 'otherUser', permission },
];

export async function profileRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['system/user'];

  app.get(
    '/api/v3/system/user/info/:id',
    {
      config: { permissionWhen: otherUser(PERMISSIONS.user.list) },
      schema: {
        tags,
        summary: "A user's profile: one's own, or another's with system:user:list inside one's data scope",
        params: profileIdParamsSchema,
        response: { 200: envelopeSchema(userProfileSchema) },
      },
    },
    async (request) => ok(await getProfile(db, requireAuth(request), request.params.id, request.lang)),
  );

  app.post(
    '/api/v3/system/user/info/update/:id',
    {
      config: { permissionWhen: otherUser(PERMISSIONS.user.edit) },
      schema: {
        tags,
        summary: 'Update nickname, phone, email and gender (own, or another with system:user:edit)',
        params: profileIdParamsSchema,
        body: profileUpdateSchema,
        response: { 200: envelopeSchema(userProfileSchema) },
      },
    },
    async (request) => ok(await updateProfile(db, requireAuth(request), request.params.id, request.body, request.lang)),
  );

  app.post(
    '/api/v3/system/user/password/update/:id',
    {
      config: { permissionWhen: otherUser(PERMISSIONS.user.edit) },
      schema: {
        tags,
        summary: 'Change a password after checking the old one; other sessions of that user end',
        params: profileIdParamsSchema,
        body: passwordUpdateSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await updatePassword(db, requireAuth(request), request.params.id, request.body, request.ip);
      return ok(null);
    },
  );
}
