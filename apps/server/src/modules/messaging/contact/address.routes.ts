import { CHAT_ADDRESS_PERMISSIONS } from '@agent-console/contracts';
import { CHAT_ADDRESS_ROUTE_SCHEMAS, CHAT_ADDRESS_ROUTES } from '@agent-console/contracts/chat-address';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { serveRoutes } from '../../../http/serve-routes';
import { listLabels, pageContacts, setRelationship } from './address.service';
import { addressInitProgress, requestAddressInit } from './address-init';

const P = CHAT_ADDRESS_PERMISSIONS;

/** Contacts and labels of messaging accounts: SPEC §7 "Chat accounts and contacts", WAVE2 §2.5. */
export async function addressRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const route = serveRoutes(app, CHAT_ADDRESS_ROUTES, CHAT_ADDRESS_ROUTE_SCHEMAS, ['chat/address']);

  route('page', { permission: P.list }, (r) => pageContacts(db, requireAuth(r), r.body));
  route('init', { permission: P.init }, (r) => requestAddressInit(db, deps.boss, requireAuth(r), r.body.accountId));
  // Polled every second by the screen: a read, never an operation-log row ("init" in the path
  // would otherwise count it as a write).
  route('initProgress', { permission: P.list, audit: false }, (r) =>
    addressInitProgress(db, requireAuth(r), r.params.accountId),
  );
  route('setRelationship', { permission: P.relationship }, (r) => setRelationship(db, requireAuth(r), r.body));
  route('labels', { permission: P.list }, (r) => listLabels(db, requireAuth(r), r.query.accountId));
}
