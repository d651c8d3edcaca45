import {
  envelopeSchema,
  PERMISSIONS,
  pageResultSchema,
  systemIdParamsSchema,
  systemIdsBodySchema,
} from '@agent-console/contracts';
import {
  POST_PERMISSIONS,
  postListQuerySchema,
  postOptionSchema,
  postPageQuerySchema,
  postSaveSchema,
  postSchema,
} from '@agent-console/contracts/system-post';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { ok } from '../../../http/envelope';
import { createPost, deletePosts, listPostOptions, pagePosts, updatePost } from './post.service';

const BASE = '/api/v3/system/post';
const tags = ['system/post'];

/** Posts: SPEC §7 "Post (/system/post)". */
export async function postRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.post(
    `${BASE}/page`,
    {
      config: { permission: POST_PERMISSIONS.list },
      schema: {
        tags,
        summary: 'Post page list',
        body: postPageQuerySchema,
        response: { 200: envelopeSchema(pageResultSchema(postSchema)) },
      },
    },
    async (request) => ok(await pagePosts(db, requireAuth(request), request.body, request.lang)),
  );
  // Post options feed the user dialog, so user administrators need them without post:list.
  app.post(
    `${BASE}/list`,
    {
      config: { permission: PERMISSIONS.user.list },
      schema: {
        tags,
        summary: 'Enabled posts within the caller’s scope',
        body: postListQuerySchema,
        response: { 200: envelopeSchema(z.array(postOptionSchema)) },
      },
    },
    async (request) => ok(await listPostOptions(db, requireAuth(request), request.body.customerId)),
  );
  app.post(
    `${BASE}/save`,
    {
      config: { permission: POST_PERMISSIONS.add },
      schema: { tags, summary: 'Create a post', body: postSaveSchema, response: { 200: envelopeSchema(postSchema) } },
    },
    async (request) => ok(await createPost(db, requireAuth(request), request.body, request.lang)),
  );
  app.post(
    `${BASE}/update/:id`,
    {
      config: { permission: POST_PERMISSIONS.edit },
      schema: {
        tags,
        summary: 'Change a post',
        params: systemIdParamsSchema,
        body: postSaveSchema,
        response: { 200: envelopeSchema(postSchema) },
      },
    },
    async (request) => ok(await updatePost(db, requireAuth(request), request.params.id, request.body, request.lang)),
  );
  app.post(
    `${BASE}/delete`,
    {
      config: { permission: POST_PERMISSIONS.remove },
      schema: {
        tags,
        summary: 'Delete posts no user holds',
        body: systemIdsBodySchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await deletePosts(db, requireAuth(request), request.body.ids);
      return ok(null);
    },
  );
}
