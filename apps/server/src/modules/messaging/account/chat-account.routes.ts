import { CHAT_ACCOUNT_PERMISSIONS } from '@agent-console/contracts';
import { CHAT_ACCOUNT_ROUTE_SCHEMAS, CHAT_ACCOUNT_ROUTES } from '@agent-console/contracts/chat-account';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { serveRoutes } from '../../../http/serve-routes';
import type { MessagingGateway } from '../../../integrations/messaging-gateway/gateway';
import { gatewayOf } from '../../../integrations/messaging-gateway/gateway-of';
import { AppError } from '../../../lib/app-error';
import { mailDepsOf } from '../../notify/mail/mail-settings';
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

const P = CHAT_ACCOUNT_PERMISSIONS;

/** Messaging accounts: SPEC §7 "Chat accounts", WAVE2 §1 and §15.4. */
export async function chatAccountRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const logger = deps.logger;
  // The risk shown with an account uses the policy the governor applies.
  const pacing = deps.pacing;
  // Resolved per call: a console without a gateway still lists its accounts, and says so only
  // when a call needs the gateway.
  const gateway = (): MessagingGateway => {
    if (!deps.gateway) throw AppError.service('C0120', 'no messaging gateway is configured');
    return gatewayOf(deps);
  };
  const route = serveRoutes(app, CHAT_ACCOUNT_ROUTES, CHAT_ACCOUNT_ROUTE_SCHEMAS, ['chat/account']);

  route('page', { permission: P.list }, (r) => pageAccounts(db, requireAuth(r), r.body, r.lang, pacing));
  // A QR login creates a login session (and, once confirmed, an account), but as a GET named
  // "login" the audit rules would take it for a read: recorded explicitly (WAVE2 §0.1).
  route('login', { permission: P.login, audit: { type: 'insert' } }, (r, reply) => {
    reply.header('cache-control', 'no-store');
    return startLogin({ db, gateway, logger, pacing }, requireAuth(r), r.query, r.lang);
  });
  route('loginInfo', { permission: P.login }, (r) =>
    pollLogin({ db, gateway, logger, pacing }, requireAuth(r), r.body, r.lang),
  );
  // The pickers of the contacts, batch-message and follow-up screens need the list without the
  // account screen's permission; it holds only names and states, within the caller's data scope.
  route('options', {}, (r) => listAccountOptions(db, requireAuth(r), r.query, pacing));
  // The owner filter of the account list: the same permission as the list, and the users of the
  // caller's data scope (the service scopes the rows), so it names no one the caller cannot see.
  route('ownerOptions', { permission: P.list }, (r) => listOwnerOptions(db, requireAuth(r), r.query));
  route('sync', { permission: P.sync }, async (r) => {
    const accounts = await accountsInScope(db, requireAuth(r), r.query.id);
    return checkAccounts({ db, gateway: gateway(), mail: mailDepsOf(deps), logger }, accounts);
  });
  route('setApp', { permission: P.edit }, async (r) => {
    await setAccountApp(db, requireAuth(r), r.body);
    return accountById(db, r.body.accountId, r.lang, pacing);
  });
  route('remove', { permission: P.remove }, async (r) => {
    const adapter = deps.gateway ? gatewayOf(deps) : null;
    return { affected: await deleteAccount(db, adapter, requireAuth(r), r.params.id, logger) };
  });
}
