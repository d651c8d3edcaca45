import { envelopeSchema } from '@agent-console/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../http/app-deps';
import { ok } from '../../../http/envelope';
import { readCallback } from '../../../integrations/messaging-gateway/callback-parse';
import {
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  verifyCallback,
} from '../../../integrations/messaging-gateway/callback-signature';
import { AppError } from '../../../lib/app-error';
import { mailDepsOf } from '../../notify/mail/mail-settings';
import { handleGatewayEvent } from './gateway-callback.service';

export const CALLBACK_PATH = '/api/gateway/callback';

const outcomeSchema = z.object({
  result: z.enum(['stored', 'duplicate', 'applied', 'unchanged', 'ignored']),
});

const header = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/**
 * Incoming gateway events (WAVE2 §15.4): public, because the gateway has no session, but refused
 * unless the HMAC of the raw body verifies under `GATEWAY_CALLBACK_SECRET` with a fresh
 * timestamp. The body is kept as the exact text that was signed (this plugin's own parser; every
 * other route keeps the JSON parser), and parsed only after the signature holds.
 */
export async function gatewayCallbackRoutes(fastify: FastifyInstance, deps: AppDeps) {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const transition = { db: deps.database.db, mail: mailDepsOf(deps), logger: deps.logger, boss: deps.boss };

  app.post(
    CALLBACK_PATH,
    {
      // Gateway events are frequent and are recorded in the message log; the operation log
      // is for what people do.
      config: { public: true, audit: false },
      schema: {
        tags: ['gateway'],
        summary: 'Events of the messaging gateway (signed)',
        security: [],
        response: { 200: envelopeSchema(outcomeSchema) },
      },
    },
    async (request) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const secret = deps.gateway?.callbackSecret;
      const signed =
        !!secret &&
        verifyCallback(
          secret,
          {
            signature: header(request.headers[SIGNATURE_HEADER]),
            timestamp: header(request.headers[TIMESTAMP_HEADER]),
          },
          raw,
        );
      if (!signed) {
        request.log.warn({ ip: request.ip }, 'gateway callback refused: signature missing, wrong or stale');
        throw new AppError('A0301');
      }
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        throw new AppError('A0427');
      }
      const reading = readCallback(body);
      if ('outOfRange' in reading) throw new AppError('A0420', { fields: [reading.outOfRange] });
      const { event } = reading;
      if (!event) {
        // An event of a kind we do not handle (the gateway has many): answered 200 all the
        // same, since a retry cannot change it, and logged.
        request.log.warn('gateway callback of a kind not handled; ignored');
        return ok({ result: 'ignored' as const });
      }
      return ok({ result: await handleGatewayEvent(transition, event) });
    },
  );
}
