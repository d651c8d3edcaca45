import {
  chatBatchParamsSchema,
  chatSendBatchSchema,
  envelopeSchema,
  PERMISSIONS,
  sendTextSchema,
} from '@agent-console/contracts';
import multipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storedObjects } from '../../../db/schema';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { contentDisposition } from '../../../http/download';
import { ok } from '../../../http/envelope';
import { AppError } from '../../../lib/app-error';
import { FILE_LINK_PATH, openFileLink } from './file-link';
import { readMessageUpload } from './message-files';
import { loadBatch, sendFileBatch, sendTextBatch } from './send-batch.service';

const BASE = '/api/v3/message';
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

  app.post(
    `${BASE}/sendText`,
    {
      config: { permission: PERMISSIONS.chatMessage.send },
      schema: {
        tags,
        summary: 'Send one text to 1–1000 contacts of an account (queued, paced)',
        body: sendTextSchema,
        response: { 200: envelopeSchema(chatSendBatchSchema) },
      },
    },
    async (request) => ok(await sendTextBatch(batchDeps, requireAuth(request), request.body)),
  );
  app.post(
    `${BASE}/sendFile`,
    {
      config: { permission: PERMISSIONS.chatMessage.send },
      schema: {
        tags,
        summary: 'Send 1–3 files (≤ 3MB each) to contacts (multipart: accountId, contactIds, files)',
        response: { 200: envelopeSchema(chatSendBatchSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const upload = await readMessageUpload(request);
      return ok(await sendFileBatch(batchDeps, auth, upload));
    },
  );
  app.get(
    `${BASE}/batch/:id`,
    {
      config: { permission: PERMISSIONS.chatMessage.send },
      schema: {
        tags,
        summary: 'Progress and per-recipient results of a batch',
        params: chatBatchParamsSchema,
        response: { 200: envelopeSchema(chatSendBatchSchema) },
      },
    },
    async (request) => ok(await loadBatch(db, requireAuth(request), request.params.id)),
  );

  // The gateway has no session: the unguessable, expiring token is the permission (file-link.ts).
  app.get(
    `${FILE_LINK_PATH}/:key`,
    {
      config: { public: true, audit: false },
      schema: { tags, summary: 'A file message’s file, for the gateway (token link)', params: fileLinkParamsSchema },
    },
    async (request, reply) => {
      const objectId = openFileLink(deps.secretBox, request.params.key);
      const [row] = objectId ? await db.select().from(storedObjects).where(eq(storedObjects.id, objectId)) : [];
      if (!row || !deps.storage) throw AppError.notFound();
      const data = await deps.storage.get(row.storageKey);
      return reply
        .header('content-type', row.mime)
        .header('content-disposition', contentDisposition(row.originalName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(data);
    },
  );
}
