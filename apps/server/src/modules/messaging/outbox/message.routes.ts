import { CHAT_MESSAGE_PERMISSIONS, chatSendBatchSchema, envelopeSchema } from '@agent-console/contracts';
import { CHAT_MESSAGE_ROUTE_SCHEMAS, CHAT_MESSAGE_ROUTES } from '@agent-console/contracts/chat-message';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { sendStoredFile } from '../../../http/download';
import { ok } from '../../../http/envelope';
import { serveRoutes } from '../../../http/serve-routes';
import { AppError } from '../../../lib/app-error';
import { storedObjectRows } from '../../system/oss/oss.repo';
import { FILE_LINK_PATH, openFileLink } from './file-link';
import { readMessageUpload } from './message-files';
import { loadBatch, sendFileBatch, sendTextBatch } from './send-batch.service';

const tags = ['chat/message'];

/** A file link's token: what sealFileLink makes (base64url parts joined by dots). */
const fileLinkParamsSchema = z.object({ key: z.string().regex(/^[A-Za-z0-9._-]{1,200}$/) });

/**
 * Batch messages (SPEC §7 "POST /message/sendText; POST /message/sendFile (multipart)", WAVE2
 * §2.4): queued and paced, answered with the batch and polled for per-recipient results. And the
 * link the gateway fetches a file message's file from.
 */
export async function messageRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  await app.register(multipart, { throwFileSizeLimit: true });
  const batchDeps = { db, boss: deps.boss, storage: deps.storage };
  const route = serveRoutes(fastify, CHAT_MESSAGE_ROUTES, CHAT_MESSAGE_ROUTE_SCHEMAS, tags);

  route('sendText', { permission: CHAT_MESSAGE_PERMISSIONS.send }, (r) =>
    sendTextBatch(batchDeps, requireAuth(r), r.body),
  );
  // A multipart upload: no body schema to check it, so it is registered by hand.
  app.post(
    CHAT_MESSAGE_ROUTES.sendFile.path,
    {
      config: { permission: CHAT_MESSAGE_PERMISSIONS.send },
      schema: {
        tags,
        summary: CHAT_MESSAGE_ROUTE_SCHEMAS.sendFile.summary,
        response: { 200: envelopeSchema(chatSendBatchSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const upload = await readMessageUpload(request);
      return ok(await sendFileBatch(batchDeps, auth, upload));
    },
  );
  route('batch', { permission: CHAT_MESSAGE_PERMISSIONS.send }, (r) => loadBatch(db, requireAuth(r), r.params.id));

  // The gateway has no session: the unguessable, expiring token is the permission (file-link.ts).
  app.get(
    `${FILE_LINK_PATH}/:key`,
    {
      config: { public: true, audit: false },
      schema: { tags, summary: 'A file message’s file, for the gateway (token link)', params: fileLinkParamsSchema },
    },
    async (request, reply) => {
      const objectId = openFileLink(deps.secretBox, request.params.key);
      const [row] = objectId ? await storedObjectRows(db, objectId) : [];
      if (!row || !deps.storage) throw AppError.notFound();
      return sendStoredFile(reply.header('cache-control', 'no-store'), deps.storage, row);
    },
  );
}
