import { USER_PERMISSIONS } from '@agent-console/contracts';
import { POST_PERMISSIONS, POST_ROUTE_SCHEMAS, POST_ROUTES } from '@agent-console/contracts/system-post';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { serveRoutes } from '../../../http/serve-routes';
import { createPost, deletePosts, listPostOptions, pagePosts, updatePost } from './post.service';

/** Posts: SPEC §7 "Post (/system/post)". */
export async function postRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const route = serveRoutes(app, POST_ROUTES, POST_ROUTE_SCHEMAS, ['system/post']);

  route('page', { permission: POST_PERMISSIONS.list }, (r) => pagePosts(db, requireAuth(r), r.body, r.lang));
  // Post options feed the user dialog, so user administrators need them without post:list.
  route('options', { permission: USER_PERMISSIONS.list }, (r) =>
    listPostOptions(db, requireAuth(r), r.body.customerId),
  );
  route('save', { permission: POST_PERMISSIONS.add }, (r) => createPost(db, requireAuth(r), r.body, r.lang));
  route('update', { permission: POST_PERMISSIONS.edit }, (r) =>
    updatePost(db, requireAuth(r), r.params.id, r.body, r.lang),
  );
  route('remove', { permission: POST_PERMISSIONS.remove }, async (r) => {
    await deletePosts(db, requireAuth(r), r.body.ids);
    return null;
  });
}
