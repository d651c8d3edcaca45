import { type ModelClientStatus, ONLINE_PERMISSIONS } from '@agent-console/contracts';
import { MODEL_STATUS_ROUTE_SCHEMAS, MODEL_STATUS_ROUTES } from '@agent-console/contracts/monitor';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { serveRoutes } from '../../../http/serve-routes';
import type { BreakerView } from '../../../integrations/llm';

/**
 * The language-model services as Home shows them to the people who run the product (issue 33):
 * configured or not, and each client's circuit breaker. Open means customers get built-in answers
 * and documents are not mined until the service recovers. The state is the whole product's, so a
 * caller whose data scope is narrower gets null rather than a refusal: Home simply has no card.
 */
export async function modelStatusRoutes(app: FastifyInstance, deps: AppDeps) {
  const route = serveRoutes(app, MODEL_STATUS_ROUTES, MODEL_STATUS_ROUTE_SCHEMAS, ['monitor/model']);
  // Polled by Home: a read, never an operation-log row.
  route('status', { permission: ONLINE_PERMISSIONS.list, audit: false }, (r) => {
    if (!requireAuth(r).dataScope.all) return null;
    const chat = deps.llm ?? null;
    const miner = deps.miner?.name === 'openai' ? deps.miner : null;
    const embeddings = deps.embeddings ?? null;
    return {
      clients: [
        statusOf('chat', chat !== null, chat?.breaker),
        statusOf('miner', miner !== null, miner?.breaker),
        statusOf('embedding', embeddings !== null, embeddings?.breaker),
      ],
    };
  });
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
