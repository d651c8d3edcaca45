import { MAIL_PERMISSIONS } from '@agent-console/contracts';
import { MAIL_ROUTE_SCHEMAS, MAIL_ROUTES } from '@agent-console/contracts/message-mail';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { serveRoutes } from '../../../http/serve-routes';
import { getMailInfo, saveMailSettings, sendTestMail } from './mail.service';
import { mailDepsOf } from './mail-settings';

/**
 * Mail settings: SPEC §7 "Mail (/message/mail)". One product-wide setting (WAVE2 §15.9), so every
 * call is `shared`: only callers whose data scope is "all" (administrators) reach it, whatever
 * buttons a customer's role holds. The server's address, account and sender are nobody else's
 * business, and a test mail goes out in the product's name.
 */
export async function mailRoutes(app: FastifyInstance, deps: AppDeps) {
  const mail = mailDepsOf(deps);
  const route = serveRoutes(app, MAIL_ROUTES, MAIL_ROUTE_SCHEMAS, ['message/mail']);

  route('info', { permission: MAIL_PERMISSIONS.query, shared: true }, () => getMailInfo(mail));
  route('save', { permission: MAIL_PERMISSIONS.edit, shared: true }, (r) =>
    saveMailSettings(mail, requireAuth(r), r.body),
  );
  route(
    'test',
    {
      permission: MAIL_PERMISSIONS.test,
      shared: true,
      // Settings in the body (the form before saving) make the server connect where the caller
      // says: that takes the right to edit the settings, not only to test them.
      permissionWhen: [{ from: 'body', key: 'host', when: 'present', permission: MAIL_PERMISSIONS.edit }],
    },
    (r) => sendTestMail(mail, requireAuth(r), r.body, r.lang),
  );
}
