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
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { assertCustomerAssignable } from '../../../http/data-scope';
import { contentDisposition } from '../../../http/download';
import { ok } from '../../../http/envelope';
import { readUpload } from '../../../http/multipart';
import type { PermissionRule } from '../../../http/permission';
import { AppError } from '../../../lib/app-error';
import { downloadUrl, loadReadableObject, PURPOSE_RULES, storeUpload, toStoredFile } from './oss.service';

/** Custom headers of the upload call (SPEC §7): what the file is for, and for which customer. */
const uploadHeadersSchema = z.looseObject({
  'x-file-purpose': filePurposeSchema.default('attachment'),
  'x-customer-id': z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});

/**
 * Who may store and read objects. Uploading needs the permission of the screen a purpose serves:
 * knowledge documents (and QA import sheets, which also need the import permission) the knowledge
 * upload permission; welcome-message files and images (`attachment`, the default, and `image`)
 * the permission to edit new-customer access; batch-message files go through their own route,
 * so this one gives them no easier path. Reading needs the knowledge list permission (welcome
 * files are viewed through the AI role's own route); a sheet stored for a QA import needs the
 * import permission as well (by the stored object's purpose, see loadReadableObject).
 */
const UPLOAD_PERMISSION = PERMISSIONS.knowledgeFile.upload;
const READ_PERMISSION = PERMISSIONS.knowledgeFile.list;
const IMPORT_PERMISSION = PERMISSIONS.knowledgeQa.import;
const WELCOME_PERMISSION = PERMISSIONS.aiAccess.edit;
const purposeRule = (when: PermissionRule['when'], permission: PermissionRule['permission']): PermissionRule => ({
  from: 'headers',
  key: 'x-file-purpose',
  when,
  permission,
});

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
        permissionWhen: [
          purposeRule({ oneOf: ['knowledge', 'qa-import', 'message-file'] }, UPLOAD_PERMISSION),
          purposeRule({ oneOf: ['qa-import'] }, IMPORT_PERMISSION),
          purposeRule({ oneOf: ['attachment', 'image'] }, WELCOME_PERMISSION),
          // No header is the default purpose, attachment.
          purposeRule('absent', WELCOME_PERMISSION),
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
