import {
  batchResultSchema,
  envelopeSchema,
  folderSaveSchema,
  folderUpdateSchema,
  idParamsSchema,
  knowledgeBatchSchema,
  knowledgeFilePageSchema,
  knowledgeFileSaveSchema,
  knowledgeFileSchema,
  knowledgeFileUpdateSchema,
  knowledgeFolderSchema,
  PERMISSIONS,
  pageResultSchema,
} from '@agent-console/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { ok } from '../../../http/envelope';
import { deleteFolder, folderTree, renameFolder, saveFolder } from './folder.service';
import { batchUpdate, filePage, retryFile, saveFile, updateFile } from './knowledge.service';
import { loadFile, toKnowledgeFile } from './knowledge-files';

const P = PERMISSIONS.knowledgeFile;
const tags = ['knowledge'];

export async function knowledgeRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.post(
    '/api/v3/knowledge/file/list/page',
    {
      config: { permission: P.list },
      schema: {
        tags,
        summary: 'Documents (or the recycle bin) with filters',
        body: knowledgeFilePageSchema,
        response: { 200: envelopeSchema(pageResultSchema(knowledgeFileSchema)) },
      },
    },
    async (request) => ok(await filePage(db, requireAuth(request), request.body, deps.embeddings?.key ?? null)),
  );

  app.get(
    '/api/v3/knowledge/info/:id',
    {
      config: { permission: P.list },
      schema: { tags, params: idParamsSchema, response: { 200: envelopeSchema(knowledgeFileSchema) } },
    },
    async (request) => ok(toKnowledgeFile(await loadFile(db, requireAuth(request), request.params.id))),
  );

  app.post(
    '/api/v3/knowledge/save',
    {
      config: { permission: P.upload },
      schema: {
        tags,
        summary: 'Create a document from an object uploaded with purpose knowledge; processing starts',
        body: knowledgeFileSaveSchema,
        response: { 200: envelopeSchema(knowledgeFileSchema) },
      },
    },
    async (request) => ok(await saveFile(db, deps.boss, requireAuth(request), request.body)),
  );

  app.post(
    '/api/v3/knowledge/update/:id',
    {
      config: { permission: P.edit },
      schema: {
        tags,
        summary: 'Rename, move, enable or disable a document',
        params: idParamsSchema,
        body: knowledgeFileUpdateSchema,
        response: { 200: envelopeSchema(knowledgeFileSchema) },
      },
    },
    async (request) => ok(await updateFile(db, requireAuth(request), request.params.id, request.body)),
  );

  app.post(
    '/api/v3/knowledge/batch/update',
    {
      config: {
        permission: P.edit,
        // Binning and deleting for good are deletions: they need the remove permission too.
        permissionWhen: [{ from: 'body', key: 'action', when: { oneOf: ['recycle', 'purge'] }, permission: P.remove }],
      },
      schema: {
        tags,
        summary: 'Enable, disable, move, bin, restore or permanently delete documents',
        body: knowledgeBatchSchema,
        response: { 200: envelopeSchema(batchResultSchema) },
      },
    },
    async (request) => ok(await batchUpdate(db, deps.storage, requireAuth(request), request.body)),
  );

  app.get(
    '/api/v3/knowledge/delete/:id',
    {
      config: { permission: P.remove },
      schema: {
        tags,
        summary: 'Move a document to the recycle bin',
        params: idParamsSchema,
        response: { 200: envelopeSchema(batchResultSchema) },
      },
    },
    async (request) =>
      ok(await batchUpdate(db, deps.storage, requireAuth(request), { ids: [request.params.id], action: 'recycle' })),
  );

  app.post(
    '/api/v3/knowledge/retry/:id',
    {
      config: { permission: P.edit },
      schema: {
        tags,
        summary: 'Process an abnormal document again',
        params: idParamsSchema,
        response: { 200: envelopeSchema(knowledgeFileSchema) },
      },
    },
    async (request) => ok(await retryFile(db, deps.boss, requireAuth(request), request.params.id)),
  );

  app.get(
    '/api/v3/knowledge/folder/tree',
    {
      config: { permission: P.list },
      schema: {
        tags,
        summary: 'Folders of the caller’s customer, root first',
        response: { 200: envelopeSchema(z.array(knowledgeFolderSchema)) },
      },
    },
    async (request) => ok(await folderTree(db, requireAuth(request))),
  );

  app.post(
    '/api/v3/knowledge/folder/save',
    {
      config: { permission: P.edit },
      schema: { tags, body: folderSaveSchema, response: { 200: envelopeSchema(knowledgeFolderSchema) } },
    },
    async (request) => ok(await saveFolder(db, requireAuth(request), request.body)),
  );

  app.post(
    '/api/v3/knowledge/folder/update/:id',
    {
      config: { permission: P.edit },
      schema: {
        tags,
        params: idParamsSchema,
        body: folderUpdateSchema,
        response: { 200: envelopeSchema(knowledgeFolderSchema) },
      },
    },
    async (request) => ok(await renameFolder(db, requireAuth(request), request.params.id, request.body.name)),
  );

  app.get(
    '/api/v3/knowledge/folder/delete/:id',
    {
      config: { permission: P.remove },
      schema: { tags, params: idParamsSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await deleteFolder(db, requireAuth(request), request.params.id);
      return ok(null);
    },
  );
}
