import {
  appCreatedSchema,
  appDeletedSchema,
  appKeySchema,
  appListQuerySchema,
  appOptionSchema,
  appPageQuerySchema,
  appPortSchema,
  appSaveSchema,
  appSchema,
  appStateSchema,
  appWidgetKeySchema,
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
import { ok } from '../../../http/envelope';
import {
  createApp,
  deleteApp,
  listAppOptions,
  loadApp,
  pageApps,
  rotateAppKey,
  rotateWidgetKey,
  updateApp,
} from './app.service';
import { suggestPort } from './app-port';
import { appRuntimeOf } from './runtime/runtime-of';

const BASE = '/api/v3/app/info';
const tags = ['app/info'];

/** Apps: SPEC §7 "Apps", WAVE2 §4 and §15.3. */
export async function appRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const runtime = appRuntimeOf(deps);

  app.post(
    `${BASE}/list/page`,
    {
      config: { permission: PERMISSIONS.appInfo.list },
      schema: {
        tags,
        summary: 'App page list',
        body: appPageQuerySchema,
        response: { 200: envelopeSchema(pageResultSchema(appSchema)) },
      },
    },
    async (request) => ok(await pageApps(db, requireAuth(request), request.body, request.lang)),
  );
  // The pickers of the configuration and AI screens need the list without the app screen's
  // permission; it holds only names and states, within the caller's data scope.
  app.get(
    `${BASE}/getList`,
    {
      schema: {
        tags,
        summary: 'Apps within the caller’s scope, for pickers',
        querystring: appListQuerySchema,
        response: { 200: envelopeSchema(z.array(appOptionSchema)) },
      },
    },
    async (request) => ok(await listAppOptions(db, requireAuth(request), request.query.customerId)),
  );
  app.post(
    `${BASE}/save`,
    {
      config: { permission: PERMISSIONS.appInfo.add },
      schema: {
        tags,
        summary: 'Create an app; answers its API key this once',
        body: appSaveSchema,
        response: { 200: envelopeSchema(appCreatedSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await createApp(db, runtime, requireAuth(request), request.body, request.lang));
    },
  );
  app.post(
    `${BASE}/update/:id`,
    {
      config: { permission: PERMISSIONS.appInfo.edit },
      schema: {
        tags,
        summary: 'Change an app (its port only while it is stopped)',
        params: systemIdParamsSchema,
        body: appSaveSchema,
        response: { 200: envelopeSchema(appSchema) },
      },
    },
    async (request) =>
      ok(await updateApp(db, runtime, requireAuth(request), request.params.id, request.body, request.lang)),
  );
  // Suggesting a port serves the create and edit dialogs; it reveals only that a port is free.
  app.get(
    `${BASE}/getPort`,
    {
      config: { permission: PERMISSIONS.appInfo.list },
      schema: { tags, summary: 'A port free right now', response: { 200: envelopeSchema(appPortSchema) } },
    },
    async () => ok({ port: await suggestPort(db, runtime.host, runtime.ports) }),
  );
  app.get(
    `${BASE}/startApp/:id`,
    {
      config: { permission: PERMISSIONS.appInfo.start },
      schema: {
        tags,
        summary: 'Start an app: open its listener',
        params: systemIdParamsSchema,
        response: { 200: envelopeSchema(appStateSchema) },
      },
    },
    async (request) => {
      await loadApp(db, requireAuth(request), request.params.id);
      return ok(await runtime.start(request.params.id));
    },
  );
  app.get(
    `${BASE}/stopApp/:id`,
    {
      config: { permission: PERMISSIONS.appInfo.stop },
      schema: {
        tags,
        summary: 'Stop an app: close its listener',
        params: systemIdParamsSchema,
        response: { 200: envelopeSchema(appStateSchema) },
      },
    },
    async (request) => {
      await loadApp(db, requireAuth(request), request.params.id);
      return ok(await runtime.stop(request.params.id));
    },
  );
  app.get(
    `${BASE}/delete/:id`,
    {
      config: { permission: PERMISSIONS.appInfo.remove },
      schema: {
        tags,
        summary: 'Delete a stopped app with its configuration',
        params: systemIdParamsSchema,
        response: { 200: envelopeSchema(appDeletedSchema) },
      },
    },
    async (request) => ok({ affected: await deleteApp(db, runtime, requireAuth(request), request.params.id) }),
  );
  app.post(
    `${BASE}/rotateKey/:id`,
    {
      config: { permission: PERMISSIONS.appInfo.key },
      schema: {
        tags,
        summary: 'Replace an app’s API key; answers the new key this once',
        params: systemIdParamsSchema,
        response: { 200: envelopeSchema(appKeySchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await rotateAppKey(db, requireAuth(request), request.params.id));
    },
  );
  app.post(
    `${BASE}/rotateWidgetKey/:id`,
    {
      config: { permission: PERMISSIONS.appInfo.key },
      schema: {
        tags,
        summary: 'Replace an app’s website widget key; pages carrying the old one stop chatting',
        params: systemIdParamsSchema,
        response: { 200: envelopeSchema(appWidgetKeySchema) },
      },
    },
    async (request) => ok(await rotateWidgetKey(db, requireAuth(request), request.params.id)),
  );
}
