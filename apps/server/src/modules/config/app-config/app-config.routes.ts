import { APP_ITEM_PERMISSIONS, APP_NAMESPACE_PERMISSIONS } from '@agent-console/contracts';
import { APP_CONFIG_ROUTES as R, APP_CONFIG_ROUTE_SCHEMAS as S } from '@agent-console/contracts/app-config';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { serveExport, serveRoutes } from '../../../http/serve-routes';
import { itemExportFile } from './item.export';
import { createItem, deleteItem, listItems, updateItem } from './item.service';
import { createNamespace, deleteNamespace, pageNamespaces, updateNamespace } from './namespace.service';

const tags = ['app/config'];

/** The configuration centre: SPEC §7 "Namespace" and "Item", WAVE2 §4.3. */
export async function appConfigRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const route = serveRoutes(fastify, R, S, tags);

  route('namespacePage', { permission: APP_ITEM_PERMISSIONS.list }, (r) => pageNamespaces(db, requireAuth(r), r.body));
  route('namespaceSave', { permission: APP_NAMESPACE_PERMISSIONS.add }, (r) =>
    createNamespace(db, requireAuth(r), r.body),
  );
  route('namespaceUpdate', { permission: APP_NAMESPACE_PERMISSIONS.edit }, (r) =>
    updateNamespace(db, requireAuth(r), r.params.id, r.body),
  );
  route('namespaceRemove', { permission: APP_NAMESPACE_PERMISSIONS.remove }, (r) =>
    deleteNamespace(db, requireAuth(r), r.params.id),
  );

  route('itemList', { permission: APP_ITEM_PERMISSIONS.list }, (r) => listItems(db, requireAuth(r), r.body));
  route('itemSave', { permission: APP_ITEM_PERMISSIONS.add }, (r) => createItem(db, requireAuth(r), r.body));
  route('itemUpdate', { permission: APP_ITEM_PERMISSIONS.edit }, (r) =>
    updateItem(db, requireAuth(r), r.params.id, r.body),
  );
  route('itemRemove', { permission: APP_ITEM_PERMISSIONS.remove }, (r) => deleteItem(db, requireAuth(r), r.params.id));
  // Whoever may list the items may export them: the file holds what the list shows, secrets masked.
  serveExport(fastify, R.itemExport, S.itemExport, tags, { permission: APP_ITEM_PERMISSIONS.list }, (r) =>
    itemExportFile(db, requireAuth(r), r.body, r.lang),
  );
}
