import { envelopeSchema, type ModelClientStatus, modelStatusSchema, PERMISSIONS } from '@agent-console/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { ok } from '../../../http/envelope';
import type { BreakerView } from '../../../integrations/llm';

const tags = ['monitor/model'];

/**
 * The language-model services as Home shows them to the people who run the product (issue 33):
 * configured or not, and each client's circuit breaker. Open means customers get built-in answers
 * and documents are not mined until the service recovers. The state is the whole product's, so a
 * caller whose data scope is narrower gets null rather than a refusal: Home simply has no card.
 */
export async function modelStatusRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Polled by Home: a read, never an operation-log row.
  app.get(
    '/api/v3/monitor/model/status',
    {
      config: { permission: PERMISSIONS.online.list, audit: false },
      schema: {
        tags,
        summary: 'The language-model services and their circuit breakers (product administrators only)',
        response: { 200: envelopeSchema(modelStatusSchema) },
      },
    },
    async (request) => {
      if (!requireAuth(request).dataScope.all) return ok(null);
      const chat = deps.llm ?? null;
      const miner = deps.miner?.name === 'openai' ? deps.miner : null;
      const embeddings = deps.embeddings ?? null;
      return ok({
        clients: [
          statusOf('chat', chat !== null, chat?.breaker),
          statusOf('miner', miner !== null, miner?.breaker),
          statusOf('embedding', embeddings !== null, embeddings?.breaker),
        ],
      });
    },
  );
}

function statusOf(
  client: ModelClientStatus['client'],
  configured: boolean,
  breaker: BreakerView | undefined,
): ModelClientStatus {
  const state = breaker?.state();
  return {
    client,
    configured,
    state: state?.state ?? 'closed',
    failures: state?.failures ?? 0,
    openedAt: state?.openedAt != null ? new Date(state.openedAt).toISOString() : null,
  };
}
