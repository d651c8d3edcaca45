import { apiRoutes, type RouteSchemas } from './api-route';
import { fileUrlSchema, idParamsSchema } from './knowledge';

/**
 * Object storage (SPEC §7 "Other"). The upload reads a multipart body and the download answers
 * with the file, so the server registers both by hand at these paths; only `url` is a JSON route.
 */
export const OSS_ROUTE_SCHEMAS = {
  upload: { summary: 'Upload one file (multipart field `file`); headers x-file-purpose and x-customer-id' },
  url: { summary: 'The download address of a stored file', params: idParamsSchema, answer: fileUrlSchema },
  download: { summary: 'The stored file as a blob with its original name', params: idParamsSchema },
} satisfies RouteSchemas;

export const OSS_ROUTES = apiRoutes<typeof OSS_ROUTE_SCHEMAS>({
  upload: 'POST /api/v3/oss/file/upload',
  url: 'GET /api/v3/oss/file/url/:id',
  download: 'GET /api/v3/oss/file/download/:id',
});
