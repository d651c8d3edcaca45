import {
  envelopeSchema,
  KNOWLEDGE_QA_PERMISSIONS,
  QA_IMPORT_MAX_BYTES,
  qaImportSchema,
} from '@agent-console/contracts';
import { QA_ROUTES as R, QA_ROUTE_SCHEMAS as S } from '@agent-console/contracts/knowledge';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { contentDisposition } from '../../../http/download';
import { ok } from '../../../http/envelope';
import { readUpload } from '../../../http/multipart';
import { serveExport, serveRoutes } from '../../../http/serve-routes';
import { AppError } from '../../../lib/app-error';
import { XLSX_MIME } from '../../../lib/xlsx-export';
import { qaDelete, qaPage, qaSave, qaSources } from './qa.service';
import { qaExportFile } from './qa-export';
import { loadImport, startImport } from './qa-import.service';
import { templateWorkbook } from './qa-workbook';

const P = KNOWLEDGE_QA_PERMISSIONS;
const tags = ['qa-file'];

/** Form fields of the import upload: the source document, or the name of a new one. */
const importFieldsSchema = z
  .object({
    fileId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
    newFileName: z.string().trim().min(1).max(200).optional(),
    customerId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  })
  .refine((v) => v.fileId !== undefined || v.newFileName !== undefined, { path: ['fileId'], message: 'required' });

export async function qaRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  await app.register(multipart, { throwFileSizeLimit: true });
  const route = serveRoutes(fastify, R, S, tags);

  route('page', { permission: P.list }, (r) => qaPage(db, requireAuth(r), r.body));
  route(
    'save',
    {
      permission: P.list,
      permissionWhen: [
        { from: 'body', key: 'id', when: 'absent', permission: P.add },
        { from: 'body', key: 'id', when: 'present', permission: P.edit },
      ],
    },
    (r) => qaSave(db, requireAuth(r), r.body),
  );
  route('remove', { permission: P.remove }, (r) => qaDelete(db, requireAuth(r), r.body.ids));
  route('sources', { permission: P.list }, (r) => qaSources(db, requireAuth(r), r.query.customerId));

  // The template and the export answer with a file, the import with the envelope of a multipart
  // upload: registered by hand at the table's paths.
  app.get(
    R.template.path,
    { config: { permission: P.list }, schema: { tags, summary: S.template.summary } },
    async (_request, reply) =>
      reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', contentDisposition('qa-template.xlsx'))
        .send(await templateWorkbook()),
  );

  serveExport(fastify, R.export, S.export, tags, { permission: P.export }, (r) =>
    qaExportFile(db, requireAuth(r), r.body),
  );

  app.post(
    R.upload.path,
    {
      config: { permission: P.import },
      schema: {
        tags,
        summary: S.upload.summary,
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

  route('importStatus', { permission: P.import }, (r) => loadImport(db, requireAuth(r), r.params.id));
}
