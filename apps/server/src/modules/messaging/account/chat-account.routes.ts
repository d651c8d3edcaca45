import {
  chatAccountDeletedSchema,
  chatAccountListQuerySchema,
  chatAccountOptionSchema,
  chatAccountOwnerOptionSchema,
  chatAccountOwnerQuerySchema,
  chatAccountPageQuerySchema,
  chatAccountSchema,
  chatAccountSetAppSchema,
  chatLoginInfoQuerySchema,
  chatLoginInfoSchema,
  chatLoginQuerySchema,
  chatLoginSessionSchema,
  chatSyncQuerySchema,
  chatSyncResultSchema,
  envelopeSchema,
  PERMISSIONS,
  pageResultSchema,
  systemIdParamsSchema,
} from '@agent-console/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { ok } from '../../../http/envelope';
import type { MessagingGateway } from '../../../integrations/messaging-gateway/gateway';
import { gatewayOf } from '../../../integrations/messaging-gateway/gateway-of';
import { AppError } from '../../../lib/app-error';
import { mailDepsOf } from '../../notify/mail/mail-settings';
import { pacingPolicyOf } from '../outbox/pacing-policy';
import { checkAccounts } from './account-status';
import {
  accountById,
  accountsInScope,
  deleteAccount,
  listAccountOptions,
  listOwnerOptions,
  pageAccounts,
  setAccountApp,
} from './chat-account.service';
import { pollLogin, startLogin } from './chat-login.service';

const BASE = '/api/v3/account';
const tags = ['chat/account'];

/** Messaging accounts: SPEC §7 "Chat accounts", WAVE2 §1 and §15.4. */
export async function chatAccountRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const logger = deps.logger;
  // The risk shown with an account uses the policy the governor applies.
  const pacing = pacingPolicyOf(deps.pacing);
  // Resolved per call: a console without a gateway still lists its accounts, and says so only
  // when a call needs the gateway.
  const gateway = (): MessagingGateway => {
    if (!deps.gateway) throw AppError.service('C0120', 'no messaging gateway is configured');
    return gatewayOf(deps);
  };

  app.post(
    `${BASE}/list/page`,
    {
      config: { permission: PERMISSIONS.chatAccount.list },
      schema: {
        tags,
        summary: 'Messaging account page list',
        body: chatAccountPageQuerySchema,
        response: { 200: envelopeSchema(pageResultSchema(chatAccountSchema)) },
      },
    },
    async (request) => ok(await pageAccounts(db, requireAuth(request), request.body, request.lang, pacing)),
  );
  // A QR login creates a login session (and, once confirmed, an account), but as a GET named
  // "login" the audit rules would take it for a read: recorded explicitly (WAVE2 §0.1).
  app.get(
    `${BASE}/login`,
    {
      config: { permission: PERMISSIONS.chatAccount.login, audit: { type: 'insert' } },
      schema: {
        tags,
        summary: 'A QR code for a region (accountId: log that account in again with its wcId)',
        querystring: chatLoginQuerySchema,
        response: { 200: envelopeSchema(chatLoginSessionSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await startLogin({ db, gateway, logger, pacing }, requireAuth(request), request.query, request.lang));
    },
  );
  app.post(
    `${BASE}/getLoginInfo`,
    {
      config: { permission: PERMISSIONS.chatAccount.login },
      schema: {
        tags,
        summary: 'Where a QR login is; the account once confirmed',
        body: chatLoginInfoQuerySchema,
        response: { 200: envelopeSchema(chatLoginInfoSchema) },
      },
    },
    async (request) =>
      ok(await pollLogin({ db, gateway, logger, pacing }, requireAuth(request), request.body, request.lang)),
  );
  // The pickers of the contacts, batch-message and follow-up screens need the list without the
  // account screen's permission; it holds only names and states, within the caller's data scope.
  app.get(
    `${BASE}/getList`,
    {
      schema: {
        tags,
        summary: 'Messaging accounts within the caller’s scope, for pickers',
        querystring: chatAccountListQuerySchema,
        response: { 200: envelopeSchema(z.array(chatAccountOptionSchema)) },
      },
    },
    async (request) => ok(await listAccountOptions(db, requireAuth(request), request.query, pacing)),
  );
  // The owner filter of the account list: the same permission as the list, and the users of the
  // caller's data scope (the service scopes the rows), so it names no one the caller cannot see.
  app.get(
    `${BASE}/ownerOptions`,
    {
      config: { permission: PERMISSIONS.chatAccount.list },
      schema: {
        tags,
        summary: 'Users within the caller’s scope, as options of the account list’s owner filter',
        querystring: chatAccountOwnerQuerySchema,
        response: { 200: envelopeSchema(z.array(chatAccountOwnerOptionSchema)) },
      },
    },
    async (request) => ok(await listOwnerOptions(db, requireAuth(request), request.query)),
  );
  app.get(
    `${BASE}/syncWktWechatLoginStatus`,
    {
      config: { permission: PERMISSIONS.chatAccount.sync },
      schema: {
        tags,
        summary: 'Check login states at the gateway now (one account, or all in scope)',
        querystring: chatSyncQuerySchema,
        response: { 200: envelopeSchema(chatSyncResultSchema) },
      },
    },
    async (request) => {
      const accounts = await accountsInScope(db, requireAuth(request), request.query.id);
      return ok(await checkAccounts({ db, gateway: gateway(), mail: mailDepsOf(deps), logger }, accounts));
    },
  );
  app.post(
    `${BASE}/setApp`,
    {
      config: { permission: PERMISSIONS.chatAccount.edit },
      schema: {
        tags,
        summary: 'Choose the app (agent) that serves an account; null: none',
        body: chatAccountSetAppSchema,
        response: { 200: envelopeSchema(chatAccountSchema) },
      },
    },
    async (request) => {
      await setAccountApp(db, requireAuth(request), request.body);
      return ok(await accountById(db, request.body.accountId, request.lang, pacing));
    },
  );
  app.get(
    `${BASE}/delete/:id`,
    {
      config: { permission: PERMISSIONS.chatAccount.remove },
      schema: {
        tags,
        summary: 'Remove an account: logged out at the gateway when it answers, then deleted',
        params: systemIdParamsSchema,
        response: { 200: envelopeSchema(chatAccountDeletedSchema) },
      },
    },
    async (request) => {
      const adapter = deps.gateway ? gatewayOf(deps) : null;
      return ok({ affected: await deleteAccount(db, adapter, requireAuth(request), request.params.id, logger) });
    },
  );
}
