import {
  envelopeSchema,
  mailInfoSchema,
  mailSaveSchema,
  mailTestResultSchema,
  mailTestSchema,
  PERMISSIONS,
} from '@agent-console/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { ok } from '../../../http/envelope';
import { getMailInfo, saveMailSettings, sendTestMail } from './mail.service';
import { mailDepsOf } from './mail-settings';

const BASE = '/api/v3/message/mail';
const tags = ['message/mail'];

/**
 * Mail settings: SPEC §7 "Mail (/message/mail)". One product-wide setting (WAVE2 §15.9), so every
 * call is `shared`: only callers whose data scope is "all" (administrators) reach it, whatever
 * buttons a customer's role holds. The server's address, account and sender are nobody else's
 * business, and a test mail goes out in the product's name.
 */
export async function mailRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const mail = mailDepsOf(deps);

  app.get(
    `${BASE}/info`,
    {
      config: { permission: PERMISSIONS.mail.query, shared: true },
      schema: {
        tags,
        summary: 'The mail settings, without the password',
        response: { 200: envelopeSchema(mailInfoSchema) },
      },
    },
    async () => ok(await getMailInfo(mail)),
  );
  app.post(
    `${BASE}/save`,
    {
      config: { permission: PERMISSIONS.mail.edit, shared: true },
      schema: {
        tags,
        summary: 'Save the mail settings (an empty password keeps the stored one)',
        body: mailSaveSchema,
        response: { 200: envelopeSchema(mailInfoSchema) },
      },
    },
    async (request) => ok(await saveMailSettings(mail, requireAuth(request), request.body)),
  );
  app.post(
    `${BASE}/test`,
    {
      config: {
        permission: PERMISSIONS.mail.test,
        shared: true,
        // Settings in the body (the form before saving) make the server connect where the caller
        // says: that takes the right to edit the settings, not only to test them.
        permissionWhen: [{ from: 'body', key: 'host', when: 'present', permission: PERMISSIONS.mail.edit }],
      },
      schema: {
        tags,
        summary: 'Send a test mail through the saved settings or the settings in the body',
        body: mailTestSchema,
        response: { 200: envelopeSchema(mailTestResultSchema) },
      },
    },
    async (request) => ok(await sendTestMail(mail, requireAuth(request), request.body, request.lang)),
  );
}
