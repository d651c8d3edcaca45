import {
  batchResultSchema,
  envelopeSchema,
  idParamsSchema,
  PERMISSIONS,
  pageResultSchema,
  QA_IMPORT_MAX_BYTES,
  qaDeleteSchema,
  qaExportSchema,
  qaImportSchema,
  qaPageSchema,
  qaRecordSchema,
  qaSaveSchema,
  qaSourceSchema,
} from '@agent-console/contracts';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { contentDisposition, sendXlsx } from '../../../http/download';
import { ok } from '../../../http/envelope';
import { readUpload } from '../../../http/multipart';
import { AppError } from '../../../lib/app-error';
import { XLSX_MIME } from '../../../lib/xlsx-export';
import { qaDelete, qaPage, qaSave, qaSources } from './qa.service';
import { qaExportFile } from './qa-export';
import { loadImport, startImport } from './qa-import.service';
import { templateWorkbook } from './qa-workbook';

const P = PERMISSIONS.knowledgeQa;
const tags = ['qa-file'];

/** Form fields of the import upload: the source document, or the name of a new one. */
const importFieldsSchema = z
  .object({
    fileId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
    newFileName: z.string().trim().min(1).max(200).optional(),
  })
  .refine((v) => v.fileId !== undefined || v.newFileName !== undefined, { path: ['fileId'], message: 'required' });

export async function qaRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  await app.register(multipart, { throwFileSizeLimit: true });

  app.post(
    '/api/v3/qa-file/qaPage',
    {
      config: { permission: P.list },
      schema: {
        tags,
        summary: 'QA records; keyword search over question and answer (Chinese and English), source filter',
        body: qaPageSchema,
        response: { 200: envelopeSchema(pageResultSchema(qaRecordSchema)) },
      },
    },
    async (request) => ok(await qaPage(db, requireAuth(request), request.body)),
  );

  app.post(
    '/api/v3/qa-file/qaSave',
    {
      config: {
        permission: P.list,
        permissionWhen: [
          { from: 'body', key: 'id', when: 'absent', permission: P.add },
          { from: 'body', key: 'id', when: 'present', permission: P.edit },
        ],
      },
      schema: {
        tags,
        summary: 'Add (no id) or edit (id) a QA; searchable as soon as this returns',
        body: qaSaveSchema,
        response: { 200: envelopeSchema(qaRecordSchema) },
      },
    },
    async (request) => ok(await qaSave(db, requireAuth(request), request.body)),
  );

  app.post(
    '/api/v3/qa-file/extDelete',
    {
      config: { permission: P.remove },
      schema: {
        tags,
        summary: 'Delete QA (single or batch)',
        body: qaDeleteSchema,
        response: { 200: envelopeSchema(batchResultSchema) },
      },
    },
    async (request) => ok(await qaDelete(db, requireAuth(request), request.body.ids)),
  );

  app.get(
    '/api/v3/qa-file/getFileName',
    {
      config: { permission: P.list },
      schema: {
        tags,
        summary: 'Source documents to choose from',
        response: { 200: envelopeSchema(z.array(qaSourceSchema)) },
      },
    },
    async (request) => ok(await qaSources(db, requireAuth(request))),
  );

  app.get(
    '/api/v3/qa-file/templateDownload',
    { config: { permission: P.list }, schema: { tags, summary: 'XLSX template: column 1 question, column 2 answer' } },
    async (_request, reply) =>
      reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', contentDisposition('qa-template.xlsx'))
        .send(await templateWorkbook()),
  );

  app.post(
    '/api/v3/qa-file/export',
    {
      config: { permission: P.export },
      schema: { tags, summary: 'QA as XLSX (re-imports cleanly)', body: qaExportSchema },
    },
    (request, reply) => sendXlsx(request, reply, () => qaExportFile(db, requireAuth(request), request.body)),
  );

  app.post(
    '/api/v3/qa-file/upload',
    {
      config: { permission: P.import },
      schema: {
        tags,
        summary: 'Batch import (multipart: file, and fileId or newFileName); runs as a job',
        response: { 200: envelopeSchema(qaImportSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      if (!deps.storage) throw new AppError('B0001', null, 'object storage not configured');
      const upload = await readUpload(request, QA_IMPORT_MAX_BYTES);
      const fields = importFieldsSchema.safeParse(upload.fields);
      if (!fields.success) {
        const issue = fields.error.issues[0];
        const field = String(issue?.path[0] ?? 'fileId');
        throw AppError.field(
          issue?.message === 'required' ? 'A0410' : 'A0400',
          field,
          issue?.message === 'required' ? 'required' : 'invalidValue',
        );
      }
      return ok(await startImport({ db, storage: deps.storage, boss: deps.boss }, auth, upload, fields.data));
    },
  );

  app.get(
    '/api/v3/qa-file/import/:id',
    {
      config: { permission: P.import },
      schema: {
        tags,
        summary: 'Progress and report of an import',
        params: idParamsSchema,
        response: { 200: envelopeSchema(qaImportSchema) },
      },
    },
    async (request) => ok(await loadImport(db, requireAuth(request), request.params.id)),
  );
}
