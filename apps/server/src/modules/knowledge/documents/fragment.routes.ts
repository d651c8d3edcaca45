import { KNOWLEDGE_FILE_PERMISSIONS } from '@agent-console/contracts';
import { FRAGMENT_ROUTE_SCHEMAS, FRAGMENT_ROUTES } from '@agent-console/contracts/knowledge-fragment';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { serveRoutes } from '../../../http/serve-routes';
import { fragmentPage, updateFragment } from './fragment.service';

const P = KNOWLEDGE_FILE_PERMISSIONS;

/**
 * The document viewer's routes (issue 32). Reading fragments is part of seeing documents, and
 * correcting one is editing its document, so they reuse the document screen's codes rather than
 * adding a menu button that every existing role would lack.
 */
export async function fragmentRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const route = serveRoutes(app, FRAGMENT_ROUTES, FRAGMENT_ROUTE_SCHEMAS, ['knowledge']);

  route('page', { permission: P.list }, (r) => fragmentPage(db, requireAuth(r), r.params.id, r.query));
  // The path names no action, so the audit would file it as "other".
  route('update', { permission: P.edit, audit: { type: 'update' } }, (r) =>
    updateFragment(db, requireAuth(r), r.params.id, r.body),
  );
}
