import {
  appItemDeleteResultSchema,
  appItemListQuerySchema,
  appItemSaveSchema,
  appItemSchema,
  appItemUpdateSchema,
  appNamespaceDeleteResultSchema,
  appNamespacePageQuerySchema,
  appNamespaceSaveSchema,
  appNamespaceSchema,
  appNamespaceUpdateSchema,
  envelopeSchema,
  PERMISSIONS,
  pageResultSchema,
  systemIdParamsSchema,
} from '@agent-console/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { sendXlsx } from '../../../http/download';
import { ok } from '../../../http/envelope';
import { itemExportFile } from './item.export';
import { createItem, deleteItem, listItems, updateItem } from './item.service';
import { createNamespace, deleteNamespace, pageNamespaces, updateNamespace } from './namespace.service';

const NAMESPACE = '/api/v3/app/namespace';
const ITEM = '/api/v3/app/item';
const tags = ['app/config'];

/** The configuration centre: SPEC §7 "Namespace" and "Item", WAVE2 §4.3. */
export async function appConfigRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.post(
    `${NAMESPACE}/list/page`,
    {
      config: { permission: PERMISSIONS.appItem.list },
      schema: {
        tags,
        summary: 'Namespaces of one app, with their item counts',
        body: appNamespacePageQuerySchema,
        response: { 200: envelopeSchema(pageResultSchema(appNamespaceSchema)) },
      },
    },
    async (request) => ok(await pageNamespaces(db, requireAuth(request), request.body)),
  );
  app.post(
    `${NAMESPACE}/save`,
    {
      config: { permission: PERMISSIONS.appNamespace.add },
      schema: {
        tags,
        summary: 'Create a namespace',
        body: appNamespaceSaveSchema,
        response: { 200: envelopeSchema(appNamespaceSchema) },
      },
    },
    async (request) => ok(await createNamespace(db, requireAuth(request), request.body)),
  );
  app.post(
    `${NAMESPACE}/update/:id`,
    {
      config: { permission: PERMISSIONS.appNamespace.edit },
      schema: {
        tags,
        summary: 'Change a namespace (its items must fit a new name or format)',
        params: systemIdParamsSchema,
        body: appNamespaceUpdateSchema,
        response: { 200: envelopeSchema(appNamespaceSchema) },
      },
    },
    async (request) => ok(await updateNamespace(db, requireAuth(request), request.params.id, request.body)),
  );
  app.get(
    `${NAMESPACE}/deleteByNamespaceId/:id`,
    {
      config: { permission: PERMISSIONS.appNamespace.remove },
      schema: {
        tags,
        summary: 'Delete a namespace and its items',
        params: systemIdParamsSchema,
        response: { 200: envelopeSchema(appNamespaceDeleteResultSchema) },
      },
    },
    async (request) => ok(await deleteNamespace(db, requireAuth(request), request.params.id)),
  );

  app.post(
    `${ITEM}/list`,
    {
      config: { permission: PERMISSIONS.appItem.list },
      schema: {
        tags,
        summary: 'Items of one namespace (secret values masked)',
        body: appItemListQuerySchema,
        response: { 200: envelopeSchema(z.array(appItemSchema)) },
      },
    },
    async (request) => ok(await listItems(db, requireAuth(request), request.body)),
  );
  app.post(
    `${ITEM}/save`,
    {
      config: { permission: PERMISSIONS.appItem.add },
      schema: {
        tags,
        summary: 'Create an item (its value checked against the namespace format)',
        body: appItemSaveSchema,
        response: { 200: envelopeSchema(appItemSchema) },
      },
    },
    async (request) => ok(await createItem(db, requireAuth(request), request.body)),
  );
  app.post(
    `${ITEM}/update/:id`,
    {
      config: { permission: PERMISSIONS.appItem.edit },
      schema: {
        tags,
        summary: 'Change an item (an empty value keeps a secret one)',
        params: systemIdParamsSchema,
        body: appItemUpdateSchema,
        response: { 200: envelopeSchema(appItemSchema) },
      },
    },
    async (request) => ok(await updateItem(db, requireAuth(request), request.params.id, request.body)),
  );
  app.get(
    `${ITEM}/delete/:id`,
    {
      config: { permission: PERMISSIONS.appItem.remove },
      schema: {
        tags,
        summary: 'Delete an item',
        params: systemIdParamsSchema,
        response: { 200: envelopeSchema(appItemDeleteResultSchema) },
      },
    },
    async (request) => ok(await deleteItem(db, requireAuth(request), request.params.id)),
  );
  // Whoever may list the items may export them: the file holds what the list shows, secrets masked.
  app.post(
    `${ITEM}/export`,
    {
      config: { permission: PERMISSIONS.appItem.list },
      schema: { tags, summary: 'XLSX of a namespace’s items (secret values masked)', body: appItemListQuerySchema },
    },
    (request, reply) =>
      sendXlsx(request, reply, () => itemExportFile(db, requireAuth(request), request.body, request.lang)),
  );
}
