import { z } from 'zod';
import { apiRoutes, type RouteSchemas } from './api-route';
import { contactInitStatusSchema } from './chat-account';
import { orderBySchema, pageQuerySchema, pageResultSchema, timestampsShape } from './envelope';
import { idNumber, pathId, text } from './primitives';

export * from './chat-address.permissions';

/** SPEC §9 enumerations (dictionaries `address_type`, `gender_options`, `relationship`). */
export const CONTACT_TYPES = ['friend', 'group'] as const;
export const contactTypeSchema = z.enum(CONTACT_TYPES);
export const CONTACT_GENDERS = ['other', 'male', 'female'] as const;
export const contactGenderSchema = z.enum(CONTACT_GENDERS);
/**
 * default: the agent answers and follow-up may contact; colleague: internal staff, left out of
 * replies, follow-up and customer metrics; silent: never replied to, never followed up.
 */
export const RELATIONSHIPS = ['default', 'colleague', 'silent'] as const;
export const relationshipSchema = z.enum(RELATIONSHIPS);
export type Relationship = z.infer<typeof relationshipSchema>;

/** Most ids one batch call (relationship, messages) takes. */
export const CONTACT_BATCH_MAX = 1000;

/** One contact of a messaging account (SPEC §3). */
export const contactSchema = z
  .object({
    id: z.number().int(),
    customerId: z.number().int(),
    accountId: z.number().int(),
    /** The owning account's wcId and login account. */
    accountWcId: z.string(),
    accountLogin: z.string(),
    /** The friend's or group's wcId and the friend's account. */
    wcId: z.string(),
    account: z.string().nullable(),
    nickname: z.string(),
    avatar: z.string().nullable(),
    labels: z.array(z.string()),
    type: contactTypeSchema,
    gender: contactGenderSchema,
    relationship: relationshipSchema,
    /** Gone from the phone's address list at the last initialisation; kept for the history. */
    gone: z.boolean(),
    /** Its conversation waits for a person (the agent had nothing to say); listed first. */
    needsPerson: z.boolean(),
    /** A person has taken over (or wrote from the phone): the agent is quiet for now. */
    agentPaused: z.boolean(),
  })
  .extend(timestampsShape);
export type Contact = z.infer<typeof contactSchema>;

export const CONTACT_SORT_FIELDS = ['createdAt', 'nickname', 'type', 'relationship'] as const;
/**
 * POST /address/list/page: the keyword matches nickname, account or wcId; `label` is a label name.
 * Contacts whose conversation needs a person come first, whatever the order asked.
 */
export const contactPageQuerySchema = pageQuerySchema.extend({
  accountId: idNumber(),
  keyword: text().trim().max(64).optional(),
  label: text().trim().min(1).max(64).optional(),
  type: contactTypeSchema.optional(),
  relationship: relationshipSchema.optional(),
  gender: contactGenderSchema.optional(),
  includeGone: z.boolean().optional(),
  /** Only contacts whose conversation needs a person. */
  needsPerson: z.boolean().optional(),
  orderBy: orderBySchema(CONTACT_SORT_FIELDS),
});
export type ContactPageQuery = z.input<typeof contactPageQuerySchema>;

/** POST /address/initAddressList and GET /address/initAddressList/{accountId}. */
export const contactInitBodySchema = z.object({ accountId: idNumber() });
export const contactInitProgressSchema = z.object({
  accountId: z.number().int(),
  status: contactInitStatusSchema,
  processed: z.number().int(),
  total: z.number().int(),
  /** Why the last initialisation failed, in English; null unless failed. */
  error: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type ContactInitProgress = z.infer<typeof contactInitProgressSchema>;
export const contactInitParamsSchema = z.object({ accountId: pathId() });

/** POST /address/setRelationship. */
export const setRelationshipSchema = z.object({
  ids: z.array(idNumber()).min(1).max(CONTACT_BATCH_MAX),
  relationship: relationshipSchema,
});
export type SetRelationship = z.input<typeof setRelationshipSchema>;
export const setRelationshipResultSchema = z.object({ affected: z.number().int() });

/** GET /label/getLabelList: the labels of one account with how many live contacts carry each. */
export const labelListQuerySchema = z.object({ accountId: pathId() });
export const contactLabelSchema = z.object({ id: z.number().int(), name: z.string(), contactCount: z.number().int() });
export type ContactLabel = z.infer<typeof contactLabelSchema>;
export const contactLabelsSchema = z.array(contactLabelSchema);

/** What each contact route takes and answers: SPEC §7 "Chat accounts and contacts", WAVE2 §2.5. */
export const CHAT_ADDRESS_ROUTE_SCHEMAS = {
  page: {
    summary: 'Contacts of one account (filters, sort, page)',
    body: contactPageQuerySchema,
    answer: pageResultSchema(contactSchema),
  },
  init: {
    summary: 'Start (or join) the initialisation of an account’s contacts; poll its progress',
    body: contactInitBodySchema,
    answer: contactInitProgressSchema,
  },
  initProgress: {
    summary: 'Progress of the contact initialisation of an account',
    params: contactInitParamsSchema,
    answer: contactInitProgressSchema,
  },
  setRelationship: {
    summary: 'Set the relationship of 1–1000 contacts (all in scope, or nothing changes)',
    body: setRelationshipSchema,
    answer: setRelationshipResultSchema,
  },
  labels: {
    summary: 'Labels of one account, with how many live contacts carry each',
    querystring: labelListQuerySchema,
    answer: contactLabelsSchema,
  },
} satisfies RouteSchemas;

export const CHAT_ADDRESS_ROUTES = apiRoutes<typeof CHAT_ADDRESS_ROUTE_SCHEMAS>({
  page: 'POST /api/v3/address/list/page',
  init: 'POST /api/v3/address/initAddressList',
  initProgress: 'GET /api/v3/address/initAddressList/:accountId',
  setRelationship: 'POST /api/v3/address/setRelationship',
  labels: 'GET /api/v3/label/getLabelList',
});
