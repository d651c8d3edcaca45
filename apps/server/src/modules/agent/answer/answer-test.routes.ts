import { AGENT_CHAT_RATE_LIMIT, KNOWLEDGE_FILE_PERMISSIONS } from '@agent-console/contracts';
import { ANSWER_TEST_ROUTE_SCHEMAS, ANSWER_TEST_ROUTES } from '@agent-console/contracts/answer-test';
import type { Db } from '../../../db/client';
import type { ModuleRoutes } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { inScope } from '../../../http/data-scope';
import type { AuthContext } from '../../../http/request-context';
import { serveRoutes } from '../../../http/serve-routes';
import { AppError } from '../../../lib/app-error';
import { appCustomerId } from '../../config/app-config/app.repo';
import { mailDepsOf } from '../../notify/mail/mail-settings';
import { customerExists } from '../../system/customer/customer.repo';
import { testQuestion } from './answer-test';

/**
 * Whose knowledge a test reads: a customer in the caller's scope and, when given, one of that
 * customer's apps. Refusals answer like a missing row and name the field, as the chat bubble's do,
 * so another customer's ids cannot be probed.
 */
async function assertTarget(db: Db, auth: AuthContext, customerId: number, appId: number | undefined): Promise<void> {
  if (!(await customerExists(db, customerId)) || !inScope(auth, customerId))
    throw AppError.field('A0404', 'customerId', 'invalidValue');
  if (appId === undefined) return;
  if ((await appCustomerId(db, appId)) !== customerId) throw AppError.field('A0404', 'appId', 'invalidValue');
}

/**
 * "Test a question" (issue 32). Whoever may see the documents may see what the agent would make
 * of them, so the documents' view code guards it. It answers nobody: nothing is stored, metered
 * or written to the operation log (a test is a read).
 */
export const answerTestRoutes: ModuleRoutes = async (fastify, deps) => {
  const { db } = deps.database;
  const route = serveRoutes(fastify, ANSWER_TEST_ROUTES, ANSWER_TEST_ROUTE_SCHEMAS, ['knowledge']);
  // A test may reach the LLM and is not metered: without a cap it would be a free model to script.
  const testLimit = fastify.rateLimit({
    groupId: 'answer-test',
    max: deps.chatRateLimit ?? AGENT_CHAT_RATE_LIMIT,
    timeWindow: '1 minute',
    keyGenerator: (request) => `answer-test:${request.auth?.userId ?? request.ip}`,
    errorResponseBuilder: (_request, context) =>
      new AppError('A0501', { limit: context.max, retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  });

  route(
    'run',
    { permission: KNOWLEDGE_FILE_PERMISSIONS.list, audit: false },
    async (r) => {
      const auth = requireAuth(r);
      const { customerId, appId, question, history } = r.body;
      await assertTarget(db, auth, customerId, appId);
      return testQuestion(
        {
          db,
          llm: deps.llm ?? null,
          embeddings: deps.embeddings ?? null,
          mail: mailDepsOf(deps),
          clock: deps.clock,
          ...(deps.logger ? { logger: deps.logger } : {}),
        },
        { customerId, appId: appId ?? null, question, history: history ?? [] },
      );
    },
    { preHandler: testLimit },
  );
};
