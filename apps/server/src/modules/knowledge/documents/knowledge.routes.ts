import { KNOWLEDGE_FILE_PERMISSIONS } from '@agent-console/contracts';
import { KNOWLEDGE_ROUTE_SCHEMAS, KNOWLEDGE_ROUTES } from '@agent-console/contracts/knowledge';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { serveRoutes } from '../../../http/serve-routes';
import { deleteFolder, folderTree, renameFolder, saveFolder } from './folder.service';
import { batchUpdate, filePage, retryFile, saveFile, updateFile } from './knowledge.service';
import { loadFile, toKnowledgeFile } from './knowledge-files';

const P = KNOWLEDGE_FILE_PERMISSIONS;

export async function knowledgeRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const route = serveRoutes(app, KNOWLEDGE_ROUTES, KNOWLEDGE_ROUTE_SCHEMAS, ['knowledge']);

  route('page', { permission: P.list }, (r) => filePage(db, requireAuth(r), r.body, deps.embeddings?.key ?? null));
  route('info', { permission: P.list }, async (r) => toKnowledgeFile(await loadFile(db, requireAuth(r), r.params.id)));
  route('save', { permission: P.upload }, (r) => saveFile(db, deps.boss, requireAuth(r), r.body));
  route('update', { permission: P.edit }, (r) => updateFile(db, requireAuth(r), r.params.id, r.body));
  route(
    'batch',
    {
      permission: P.edit,
      // Binning and deleting for good are deletions: they need the remove permission too.
      permissionWhen: [{ from: 'body', key: 'action', when: { oneOf: ['recycle', 'purge'] }, permission: P.remove }],
    },
    (r) => batchUpdate(db, deps.storage, requireAuth(r), r.body),
  );
  route('recycle', { permission: P.remove }, (r) =>
    batchUpdate(db, deps.storage, requireAuth(r), { ids: [r.params.id], action: 'recycle' }),
  );
  route('retry', { permission: P.edit }, (r) => retryFile(db, deps.boss, requireAuth(r), r.params.id));
  route('folderTree', { permission: P.list }, (r) => folderTree(db, requireAuth(r), r.query.customerId));
  route('folderSave', { permission: P.edit }, (r) => saveFolder(db, requireAuth(r), r.body));
  route('folderUpdate', { permission: P.edit }, (r) => renameFolder(db, requireAuth(r), r.params.id, r.body.name));
  route('folderRemove', { permission: P.remove }, async (r) => {
    await deleteFolder(db, requireAuth(r), r.params.id);
    return null;
  });
}
