import {
  AI_ACCESS_PERMISSIONS,
  envelopeSchema,
  filePurposeSchema,
  KNOWLEDGE_FILE_PERMISSIONS,
  KNOWLEDGE_QA_PERMISSIONS,
  storedFileSchema,
} from '@agent-console/contracts';
import { OSS_ROUTES, OSS_ROUTE_SCHEMAS as S } from '@agent-console/contracts/oss';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { assertCustomerAssignable } from '../../../http/data-scope';
import { sendStoredFile } from '../../../http/download';
import { ok } from '../../../http/envelope';
import { readUpload } from '../../../http/multipart';
import type { PermissionRule } from '../../../http/permission';
import { serveRoutes } from '../../../http/serve-routes';
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
const UPLOAD_PERMISSION = KNOWLEDGE_FILE_PERMISSIONS.upload;
const READ_PERMISSION = KNOWLEDGE_FILE_PERMISSIONS.list;
const IMPORT_PERMISSION = KNOWLEDGE_QA_PERMISSIONS.import;
const WELCOME_PERMISSION = AI_ACCESS_PERMISSIONS.edit;
const purposeRule = (when: PermissionRule['when'], permission: PermissionRule['permission']): PermissionRule => ({
  from: 'headers',
  key: 'x-file-purpose',
  when,
  permission,
});

export async function ossRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['oss'];
  const route = serveRoutes(app, OSS_ROUTES, S, tags);
  await app.register(multipart, { throwFileSizeLimit: true });
  const storage = () => {
    if (!deps.storage) throw new AppError('B0001', null, 'object storage not configured');
    return deps.storage;
  };

  // A multipart body, read by hand: registered at the table's path.
  app.post(
    OSS_ROUTES.upload.path,
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
        tags,
        summary: S.upload.summary,
        headers: uploadHeadersSchema,
        response: { 200: envelopeSchema(storedFileSchema) },
      },
    },
    async (request: FastifyRequest<{ Headers: z.infer<typeof uploadHeadersSchema> }>) => {
      const auth = requireAuth(request);
      const purpose = request.headers['x-file-purpose'];
      const customerId = request.headers['x-customer-id'] ?? auth.customerId;
      // Their own customer's files anyone may store (as their own rows); another customer's only
      // one in their data scope. A "self only" scope reaches no customer, and stored nothing before.
      if (customerId !== auth.customerId) assertCustomerAssignable(auth, customerId);
      const upload = await readUpload(request, PURPOSE_RULES[purpose].maxBytes);
      const row = await storeUpload(db, storage(), auth, upload, purpose, customerId);
      return ok(toStoredFile(row));
    },
  );

  route('url', { permission: READ_PERMISSION }, async (r) => {
    const row = await loadReadableObject(db, requireAuth(r), r.params.id);
    return { url: downloadUrl(row.id) };
  });

  // The file itself, not an envelope: registered at the table's path.
  app.get(
    OSS_ROUTES.download.path,
    {
      config: { permission: READ_PERMISSION },
      schema: { tags, summary: S.download.summary, params: S.download.params },
    },
    async (request, reply) => {
      return sendStoredFile(reply, storage(), await loadReadableObject(db, requireAuth(request), request.params.id));
    },
  );
}
