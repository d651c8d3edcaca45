import { z } from 'zod';
import { apiRoutes, type RouteSchemas } from './api-route';
import { customerRowSchema, orderBySchema, pageQuerySchema, pageResultSchema, timestampsShape } from './envelope';
import { idNumber, pathId, text } from './primitives';
import { systemIdParamsSchema } from './system-dept';

export * from './chat-account.permissions';

/** Login state of a messaging account (SPEC §9, dictionary `chat_login_status`). */
export const CHAT_LOGIN_STATUSES = ['online', 'offline'] as const;
export const chatLoginStatusSchema = z.enum(CHAT_LOGIN_STATUSES);
export type ChatLoginStatus = z.infer<typeof chatLoginStatusSchema>;

/**
 * Why an account went offline (WAVE2 §1.5, issue 15 "a reason code for every drop"): the expected
 * first-days drop, a proxy region other than the phone's, a logout on the phone, the gateway not
 * answering, an operator removing it, or a cause the gateway did not name.
 */
export const CHAT_DROP_REASONS = [
  'firstDayDrop',
  'regionMismatch',
  'loggedOutOnPhone',
  'gatewayUnreachable',
  'removed',
  'unknown',
] as const;
export const chatDropReasonSchema = z.enum(CHAT_DROP_REASONS);
export type ChatDropReason = z.infer<typeof chatDropReasonSchema>;

/** Where the address-list initialisation of an account is (WAVE2 §2.5 call 7). */
export const CONTACT_INIT_STATUSES = ['none', 'queued', 'running', 'completed', 'failed'] as const;
export const contactInitStatusSchema = z.enum(CONTACT_INIT_STATUSES);
export type ContactInitStatus = z.infer<typeof contactInitStatusSchema>;

/**
 * One account's sends today (issue 34): its cap, how many went, how many the customer keeps for
 * replies and welcome messages, and how many follow-ups and batch messages may still use (queued
 * ones counted as used).
 */
export const sendBudgetSchema = z.object({
  dailyCap: z.number().int(),
  sentToday: z.number().int(),
  replyReserve: z.number().int(),
  /** Follow-ups and batch messages queued and not yet sent. */
  campaignQueued: z.number().int(),
  campaignLeft: z.number().int(),
});
export type SendBudget = z.infer<typeof sendBudgetSchema>;

/** How close an account is to being limited by the gateway (issue 15 pacing governor). */
export const CHAT_RISK_LEVELS = ['low', 'medium', 'high'] as const;
export const chatRiskSchema = z.object({
  level: z.enum(CHAT_RISK_LEVELS),
  sentToday: z.number().int(),
  dailyCap: z.number().int(),
  /** "Too frequent" answers of the gateway in the last 24 hours. */
  refusalsRecent: z.number().int(),
  /** Sends wait until then after a "too frequent" answer; null when not backed off. */
  backoffUntil: z.string().nullable(),
  /** The account is in its first days (WAVE2 §1.3: a new account drops once within 48 hours). */
  warmingUp: z.boolean(),
  budget: sendBudgetSchema,
});
export type ChatRisk = z.infer<typeof chatRiskSchema>;

/** One connected messaging account (SPEC §3 fields, WAVE2 §1.5 extras). */
export const chatAccountSchema = customerRowSchema
  .extend({
    ownerUserId: z.number().int().nullable(),
    ownerUserName: z.string().nullable(),
    /** The gateway's stable id of the account; re-login passes it back. */
    wcId: z.string(),
    /** The login account (the chat network's account name). */
    account: z.string(),
    loginStatus: chatLoginStatusSchema,
    avatar: z.string().nullable(),
    nickname: z.string(),
    signature: z.string().nullable(),
    region: z.number().int().nullable(),
    firstLoginAt: z.string().nullable(),
    lastLoginAt: z.string().nullable(),
    offlineAt: z.string().nullable(),
    offlineReason: chatDropReasonSchema.nullable(),
    contactsInitStatus: contactInitStatusSchema,
    contactsInitializedAt: z.string().nullable(),
    contactCount: z.number().int(),
    risk: chatRiskSchema,
    /** The app (agent) that answers this account's contacts and greets its new friends; null: none. */
    appId: z.number().int().nullable(),
    appName: z.string().nullable(),
  })
  .extend(timestampsShape);
export type ChatAccount = z.infer<typeof chatAccountSchema>;

/**
 * POST /account/setApp: which app serves an account (issue 16); null stops the agent for it. The
 * app must be one of the account's customer's.
 */
export const chatAccountSetAppSchema = z.object({
  accountId: idNumber(),
  appId: idNumber().nullable(),
});
export type ChatAccountSetApp = z.input<typeof chatAccountSetAppSchema>;

export const CHAT_ACCOUNT_SORT_FIELDS = ['createdAt', 'nickname', 'account', 'loginStatus', 'lastLoginAt'] as const;
/** POST /account/list/page: the keyword matches the login account or the nickname. */
export const chatAccountPageQuerySchema = pageQuerySchema.extend({
  keyword: text().trim().max(64).optional(),
  loginStatus: chatLoginStatusSchema.optional(),
  customerId: idNumber().optional(),
  ownerUserId: idNumber().optional(),
  orderBy: orderBySchema(CHAT_ACCOUNT_SORT_FIELDS),
});
export type ChatAccountPageQuery = z.input<typeof chatAccountPageQuerySchema>;

/**
 * GET /account/login: a QR code for a proxy region (dictionary `chat_region`). `accountId` logs an
 * existing account in again with its previous wcId (ANCHORS §C); `customerId` chooses whose account
 * a new login becomes (the caller's own customer by default).
 */
export const chatLoginQuerySchema = z.object({
  // A missing or empty region says "select a region first" (SPEC §5, §8), not "wrong type".
  region: z
    .unknown()
    .refine((v) => v !== undefined && v !== null && v !== '', { message: 'selectRegionFirst', abort: true })
    .pipe(z.coerce.number().int().min(1).max(999)),
  accountId: pathId().optional(),
  customerId: pathId().optional(),
});
export type ChatLoginQuery = z.input<typeof chatLoginQuerySchema>;

export const chatLoginSessionSchema = z.object({
  loginSessionId: z.string(),
  /** The QR code as an image (a data URL), to show in the dialog. */
  qrImage: z.string(),
  /**
   * What the QR code encodes, when the gateway says; '' when it does not (a real WKTeam gateway
   * gives only the image). With the built-in simulator it is the simulator's phone page, so a
   * person without a phone can open it on this computer.
   */
  qrContent: z.string(),
  expiresAt: z.string(),
  expiresInSeconds: z.number().int(),
});
export type ChatLoginSession = z.infer<typeof chatLoginSessionSchema>;

/** The gateway's login sub-states (ANCHORS §C), as `POST /account/getLoginInfo` answers them. */
export const CHAT_LOGIN_STATES = [
  'waiting',
  'scanned',
  'confirmed',
  'expired',
  'cancelled',
  'needsCode',
  'failed',
] as const;
export const chatLoginStateSchema = z.enum(CHAT_LOGIN_STATES);
export type ChatLoginState = z.infer<typeof chatLoginStateSchema>;

export const chatLoginInfoQuerySchema = z.object({
  loginSessionId: text().trim().min(1).max(64),
  verifyCode: text().trim().min(1).max(16).optional(),
});
export const chatLoginInfoSchema = z.object({
  status: chatLoginStateSchema,
  expiresAt: z.string(),
  /** The account, once the login is confirmed. */
  account: chatAccountSchema.optional(),
  /** Why a login failed or was cancelled, in English, as the gateway said it. */
  reason: z.string().optional(),
});
export type ChatLoginInfo = z.infer<typeof chatLoginInfoSchema>;

/** GET /account/getList: the light list behind the account pickers. */
export const chatAccountListQuerySchema = z.object({
  onlineOnly: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  customerId: pathId().optional(),
});
export const chatAccountOptionSchema = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  wcId: z.string(),
  nickname: z.string(),
  avatar: z.string().nullable(),
  loginStatus: chatLoginStatusSchema,
  /** What the account may still send today (the pickers of batch messages and robots show it). */
  budget: sendBudgetSchema,
});
export type ChatAccountOption = z.infer<typeof chatAccountOptionSchema>;
export const chatAccountOptionsSchema = z.array(chatAccountOptionSchema);

/** GET /account/syncWktWechatLoginStatus: one account (`id`) or every account in scope. */
export const chatSyncQuerySchema = z.object({ id: pathId().optional() });
export const chatSyncResultSchema = z.object({
  checked: z.number().int(),
  online: z.number().int(),
  offline: z.number().int(),
  changed: z.array(z.object({ id: z.number().int(), from: chatLoginStatusSchema, to: chatLoginStatusSchema })),
});
export type ChatSyncResult = z.infer<typeof chatSyncResultSchema>;

export const chatAccountDeletedSchema = z.object({ affected: z.number().int() });

/**
 * GET /account/ownerOptions: the users the caller may see (their data scope), as the options of
 * the account list's owner filter. `keyword` matches the user name or nickname; `userId` is always
 * among the answer when in scope (the owner a filter in the URL names, beyond the first page).
 */
export const chatAccountOwnerQuerySchema = z.object({
  keyword: text().trim().max(64).optional(),
  customerId: pathId().optional(),
  userId: pathId().optional(),
});
export type ChatAccountOwnerQuery = z.input<typeof chatAccountOwnerQuerySchema>;
/** At most this many owners in one answer; the select narrows them with its search. */
export const CHAT_ACCOUNT_OWNER_LIMIT = 50;
export const chatAccountOwnerOptionSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  nickName: z.string(),
  customerId: z.number().int(),
});
export type ChatAccountOwnerOption = z.infer<typeof chatAccountOwnerOptionSchema>;
export const chatAccountOwnerOptionsSchema = z.array(chatAccountOwnerOptionSchema);

/** What each messaging account route takes and answers: SPEC §7 "Chat accounts", WAVE2 §1 and §15.4. */
export const CHAT_ACCOUNT_ROUTE_SCHEMAS = {
  page: {
    summary: 'Messaging account page list',
    body: chatAccountPageQuerySchema,
    answer: pageResultSchema(chatAccountSchema),
  },
  login: {
    summary: 'A QR code for a region (accountId: log that account in again with its wcId)',
    querystring: chatLoginQuerySchema,
    answer: chatLoginSessionSchema,
  },
  loginInfo: {
    summary: 'Where a QR login is; the account once confirmed',
    body: chatLoginInfoQuerySchema,
    answer: chatLoginInfoSchema,
  },
  options: {
    summary: 'Messaging accounts within the caller’s scope, for pickers',
    querystring: chatAccountListQuerySchema,
    answer: chatAccountOptionsSchema,
  },
  ownerOptions: {
    summary: 'Users within the caller’s scope, as options of the account list’s owner filter',
    querystring: chatAccountOwnerQuerySchema,
    answer: chatAccountOwnerOptionsSchema,
  },
  sync: {
    summary: 'Check login states at the gateway now (one account, or all in scope)',
    querystring: chatSyncQuerySchema,
    answer: chatSyncResultSchema,
  },
  setApp: {
    summary: 'Choose the app (agent) that serves an account; null: none',
    body: chatAccountSetAppSchema,
    answer: chatAccountSchema,
  },
  remove: {
    summary: 'Remove an account: logged out at the gateway when it answers, then deleted',
    params: systemIdParamsSchema,
    answer: chatAccountDeletedSchema,
  },
} satisfies RouteSchemas;

export const CHAT_ACCOUNT_ROUTES = apiRoutes<typeof CHAT_ACCOUNT_ROUTE_SCHEMAS>({
  page: 'POST /api/v3/account/list/page',
  login: 'GET /api/v3/account/login',
  loginInfo: 'POST /api/v3/account/getLoginInfo',
  options: 'GET /api/v3/account/getList',
  ownerOptions: 'GET /api/v3/account/ownerOptions',
  sync: 'GET /api/v3/account/syncWktWechatLoginStatus',
  setApp: 'POST /api/v3/account/setApp',
  remove: 'GET /api/v3/account/delete/:id',
});
