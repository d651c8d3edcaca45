import { z } from 'zod';
import { apiRoutes, type RouteSchemas } from './api-route';
import { text } from './primitives';

export * from './message-mail.permissions';

/**
 * Mail settings (SPEC §7 "Mail (/message/mail)", WAVE2 §3 and §15.9): one product-wide SMTP
 * setting. The password is write-only: answers say only whether one is stored.
 */

/** none: plain SMTP; starttls: plain, then upgraded (and required); ssl: TLS from the first byte. */
export const MAIL_SECURITIES = ['none', 'starttls', 'ssl'] as const;
export type MailSecurity = (typeof MAIL_SECURITIES)[number];

/** The port a security usually goes with; a save without a port takes it. */
export const MAIL_DEFAULT_PORTS: Record<MailSecurity, number> = { none: 25, starttls: 587, ssl: 465 };

export const MAIL_HOST_MAX = 253;
export const MAIL_ADDRESS_MAX = 254;
export const MAIL_USERNAME_MAX = 254;
export const MAIL_PASSWORD_MAX = 256;
export const MAIL_FROM_NAME_MAX = 128;

/** A host name or an IP address (v4 or v6, without brackets). */
export const MAIL_HOST_PATTERN = /^(?:[A-Za-z0-9_](?:[A-Za-z0-9_.-]*[A-Za-z0-9_])?|[0-9A-Fa-f.]*:[0-9A-Fa-f:.]*)$/;
/** Header values must stay on one line. */
const ONE_LINE = /^[^\r\n]*$/;

/** GET /api/v3/message/mail/info and the answer of save: never the password, not even sealed. */
export const mailInfoSchema = z.object({
  host: z.string(),
  port: z.number().int(),
  security: z.enum(MAIL_SECURITIES),
  username: z.string(),
  hasPassword: z.boolean(),
  fromAddress: z.string(),
  fromName: z.string(),
  enabled: z.boolean(),
  /** null: nothing saved yet (the other fields are the form's defaults). */
  updatedAt: z.string().nullable(),
});
export type MailInfo = z.infer<typeof mailInfoSchema>;

/** Empty text is "no value", so a cleared form field clears the stored one. */
function emptyIsNull<T extends z.ZodType<string>>(schema: T) {
  return z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema.nullable().optional());
}

function mailHost() {
  return text().trim().min(1).max(MAIL_HOST_MAX).regex(MAIL_HOST_PATTERN);
}
function mailPort() {
  return z.number().int().min(1).max(65535).nullish();
}
function mailUsername() {
  return emptyIsNull(text().trim().max(MAIL_USERNAME_MAX).regex(ONE_LINE));
}
/** Never trimmed: spaces may belong to a password. Empty keeps the stored one. */
function mailPassword() {
  return text().max(MAIL_PASSWORD_MAX).optional();
}
function mailAddress() {
  return text().trim().min(1).max(MAIL_ADDRESS_MAX).pipe(z.email());
}
function mailFromName() {
  return emptyIsNull(text().trim().max(MAIL_FROM_NAME_MAX).regex(ONE_LINE));
}

/**
 * POST /api/v3/message/mail/save. `port` defaults by `security`; an empty `password` keeps the
 * stored one and `clearPassword: true` removes it (not both at once).
 */
export const mailSaveSchema = z
  .object({
    host: mailHost(),
    port: mailPort(),
    security: z.enum(MAIL_SECURITIES),
    username: mailUsername(),
    password: mailPassword(),
    clearPassword: z.boolean().default(false),
    fromAddress: mailAddress(),
    fromName: mailFromName(),
    enabled: z.boolean().default(true),
  })
  .refine((v) => !(v.clearPassword && v.password), { path: ['clearPassword'], message: 'invalidValue' });
export type MailSave = z.input<typeof mailSaveSchema>;

/**
 * POST /api/v3/message/mail/test. `to` defaults to the caller's email. With `host`, the mail goes
 * out through the settings in this body (the form before it is saved; an empty password means
 * the stored one); without it, through the saved settings.
 */
export const mailTestSchema = z
  .object({
    to: emptyIsNull(mailAddress()),
    host: mailHost().optional(),
    port: mailPort(),
    security: z.enum(MAIL_SECURITIES).optional(),
    username: mailUsername(),
    password: mailPassword(),
    clearPassword: z.boolean().default(false),
    fromAddress: mailAddress().optional(),
    fromName: mailFromName(),
    enabled: z.boolean().optional(),
  })
  .refine((v) => !v.host || v.security, { path: ['security'], message: 'required' })
  .refine((v) => !v.host || v.fromAddress, { path: ['fromAddress'], message: 'required' })
  .refine((v) => !(v.clearPassword && v.password), { path: ['clearPassword'], message: 'invalidValue' });
export type MailTest = z.input<typeof mailTestSchema>;

export const mailTestResultSchema = z.object({ sent: z.literal(true), messageId: z.string(), to: z.string() });
export type MailTestResult = z.infer<typeof mailTestResultSchema>;

/** What each mail settings route takes and answers: SPEC §7 "Mail (/message/mail)". */
export const MAIL_ROUTE_SCHEMAS = {
  info: { summary: 'The mail settings, without the password', answer: mailInfoSchema },
  save: {
    summary: 'Save the mail settings (an empty password keeps the stored one)',
    body: mailSaveSchema,
    answer: mailInfoSchema,
  },
  test: {
    summary: 'Send a test mail through the saved settings or the settings in the body',
    body: mailTestSchema,
    answer: mailTestResultSchema,
  },
} satisfies RouteSchemas;

export const MAIL_ROUTES = apiRoutes<typeof MAIL_ROUTE_SCHEMAS>({
  info: 'GET /api/v3/message/mail/info',
  save: 'POST /api/v3/message/mail/save',
  test: 'POST /api/v3/message/mail/test',
});
