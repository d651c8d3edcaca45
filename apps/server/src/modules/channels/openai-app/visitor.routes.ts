import { APP_INFO_PERMISSIONS, CHAT_ADDRESS_PERMISSIONS } from '@agent-console/contracts';
import { APP_VISITOR_ROUTE_SCHEMAS, APP_VISITOR_ROUTES } from '@agent-console/contracts/app-visitor';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { serveRoutes } from '../../../http/serve-routes';
import { loadApp } from '../../config/app-config/app.service';
import {
  markVisitorHandled,
  pageVisitorConversations,
  replyToVisitor,
  visitorTranscript,
} from './visitor-conversations';
import { widgetWelcome } from './widget-welcome';

/**
 * The website widget in the console (issue 36): an app's visitors' conversations, with the web page
 * each came from, and what the widget greets them with for the preview.
 */
export async function visitorRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const route = serveRoutes(app, APP_VISITOR_ROUTES, APP_VISITOR_ROUTE_SCHEMAS, ['app/info']);

  route('page', { permission: APP_INFO_PERMISSIONS.list }, (r) => pageVisitorConversations(db, requireAuth(r), r.body));
  route('preview', { permission: APP_INFO_PERMISSIONS.list }, async (r) => {
    const found = await loadApp(db, requireAuth(r), r.params.id);
    return { name: found.name, welcome: await widgetWelcome(db, found.id) };
  });
  route('transcript', { permission: APP_INFO_PERMISSIONS.list }, (r) =>
    visitorTranscript(db, requireAuth(r), r.params.id),
  );
  // Dealing with a conversation that waits for a person is the takeover permission, whichever
  // the channel (the contacts screen's too).
  route('handled', { permission: CHAT_ADDRESS_PERMISSIONS.takeover }, (r) =>
    markVisitorHandled(db, requireAuth(r), r.params.id),
  );
  route('reply', { permission: CHAT_ADDRESS_PERMISSIONS.takeover }, (r) => replyToVisitor(db, requireAuth(r), r.body));
}
