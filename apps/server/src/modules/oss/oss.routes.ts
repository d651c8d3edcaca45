import {
  envelopeSchema,
  filePurposeSchema,
  fileUrlSchema,
  idParamsSchema,
  PERMISSIONS,
  storedFileSchema,
} from '@agent-console/contracts';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../http/app-deps';
import { requireAuth } from '../../http/auth-guard';
import { assertCustomerAssignable } from '../../http/data-scope';
import { contentDisposition } from '../../http/download';
import { ok } from '../../http/envelope';
import { readUpload } from '../../http/multipart';
import { AppError } from '../../lib/app-error';
import { downloadUrl, loadReadableObject, PURPOSE_RULES, storeUpload, toStoredFile } from './oss.service';

/** Custom headers of the upload call (SPEC §7): what the file is for, and for which customer. */
const uploadHeadersSchema = z.looseObject({
  'x-file-purpose': filePurposeSchema.default('attachment'),
  'x-customer-id': z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});

/**
 * Who may store and read objects. The one screen that uploads here is the knowledge documents
 * screen (QA imports have their own route, /qa-file/upload), so every upload needs its upload
 * permission and every read its list permission; a sheet stored for a QA import needs the import
 * permission as well (on upload by the purpose header, on reading by the stored object's purpose,
 * see loadReadableObject). A purpose used by no screen yet (attachment, image) gets no easier path.
 */
const UPLOAD_PERMISSION = PERMISSIONS.knowledgeFile.upload;
const READ_PERMISSION = PERMISSIONS.knowledgeFile.list;
const IMPORT_PERMISSION = PERMISSIONS.knowledgeQa.import;

export async function ossRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  await app.register(multipart, { throwFileSizeLimit: true });
  const storage = () => {
    if (!deps.storage) throw new AppError('B0001', null, 'object storage not configured');
    return deps.storage;
  };

  app.post(
    '/api/v3/oss/file/upload',
    {
      config: {
        permission: UPLOAD_PERMISSION,
        permissionWhen: [
          { from: 'headers', key: 'x-file-purpose', when: { oneOf: ['qa-import'] }, permission: IMPORT_PERMISSION },
        ],
      },
      schema: {
        tags: ['oss'],
        summary: 'Upload one file (multipart field `file`); headers x-file-purpose and x-customer-id',
        headers: uploadHeadersSchema,
        response: { 200: envelopeSchema(storedFileSchema) },
      },
    },
    async (request: FastifyRequest<{ Headers: z.infer<typeof uploadHeadersSchema> }>) => {
      const auth = requireAuth(request);
      const purpose = request.headers['x-file-purpose'];
      const customerId = request.headers['x-customer-id'] ?? auth.customerId;
      assertCustomerAssignable(auth, customerId);
      const upload = await readUpload(request, PURPOSE_RULES[purpose].maxBytes);
      const row = await storeUpload(db, storage(), auth, upload, purpose, customerId);
      return ok(toStoredFile(row));
    },
  );

  app.get(
    '/api/v3/oss/file/url/:id',
    {
      config: { permission: READ_PERMISSION },
      schema: {
        tags: ['oss'],
        summary: 'The download address of a stored file',
        params: idParamsSchema,
        response: { 200: envelopeSchema(fileUrlSchema) },
      },
    },
    async (request) => {
      const row = await loadReadableObject(db, requireAuth(request), request.params.id);
      return ok({ url: downloadUrl(row.id) });
    },
  );

  app.get(
    '/api/v3/oss/file/download/:id',
    {
      config: { permission: READ_PERMISSION },
      schema: { tags: ['oss'], summary: 'The stored file as a blob with its original name', params: idParamsSchema },
    },
    async (request, reply) => {
      const row = await loadReadableObject(db, requireAuth(request), request.params.id);
      const data = await storage().get(row.storageKey);
      return reply
        .header('content-type', row.mime)
        .header('content-disposition', contentDisposition(row.originalName))
        .header('x-content-type-options', 'nosniff')
        .send(data);
    },
  );
}
