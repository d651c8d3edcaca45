import { z } from 'zod';
import { type WelcomeMessageInput, welcomeMessageInputSchema, welcomeMessageViewSchema } from './ai-role';
import { apiRoutes, type RouteSchemas } from './api-route';
import { sendBudgetSchema } from './chat-account';
import { customerRowSchema, orderBySchema, pageQuerySchema, pageResultSchema, timestampsShape } from './envelope';
import { keysetPageResultSchema, keysetQueryShape } from './keyset';
import { idNumber, pathId, text } from './primitives';
import { systemIdParamsSchema } from './system-dept';

export * from './followup.permissions';

/**
 * Follow-up (issue 18, WAVE2 §7 with §15.8): strategies say whom to write to, when and with what;
 * robots are messaging accounts that run strategies within a daily cap and working hours. A
 * minute sweep plans and queues the sends; every send is logged.
 */

/** What starts a contact's sequence. */
export const FOLLOWUP_TRIGGERS = ['noReply', 'afterFriend', 'hasLabel'] as const;
export type FollowupTrigger = (typeof FOLLOWUP_TRIGGERS)[number];

export const FOLLOWUP_LIMITS = {
  nameMax: 64,
  /** noReply: hours since the last message of the conversation. */
  noReplyHours: { min: 1, max: 720 },
  /** afterFriend: days since the contact became a friend. */
  afterFriendDays: { min: 1, max: 90 },
  labelMax: 64,
  audienceLabelsMax: 20,
  stepsMax: 10,
  /** Hours from one step to the next (steps after the first). */
  stepDelayHours: { min: 1, max: 720 },
  maxSendsPerContact: { min: 1, max: 10 },
  robotDailyCap: { min: 1, max: 500 },
  robotStrategiesMax: 20,
} as const;

/** `HH:mm`, 00:00–23:59: a time of day in the customer's time zone. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeOfDay = () => text().trim().regex(TIME_OF_DAY, { message: 'invalidFormat' });
/** Minutes since midnight of an `HH:mm` time. */
export function minutesOfDay(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** One step as stored and shown: a welcome-message item and the wait before it (null for step 1). */
export const followupStepSchema = welcomeMessageViewSchema.extend({ delayHours: z.number().int().nullable() });
export type FollowupStep = z.infer<typeof followupStepSchema>;

export const followupStrategySchema = customerRowSchema
  .extend({
    /** Runs only on accounts served by this app; null: any account of the customer. */
    appId: z.number().int().nullable(),
    appName: z.string().nullable(),
    name: z.string(),
    triggerType: z.enum(FOLLOWUP_TRIGGERS),
    /** Hours (noReply) or days (afterFriend); null for hasLabel. */
    triggerValue: z.number().int().nullable(),
    /** The label of hasLabel; null otherwise. */
    triggerLabel: z.string().nullable(),
    /** Only contacts with at least one of these labels (none: every contact of relationship default). */
    audienceLabels: z.array(z.string()),
    steps: z.array(followupStepSchema),
    maxSendsPerContact: z.number().int(),
    quietStart: z.string().nullable(),
    quietEnd: z.string().nullable(),
    enabled: z.boolean(),
    /** Robots that run it. */
    robotCount: z.number().int(),
  })
  .extend(timestampsShape);
export type FollowupStrategy = z.infer<typeof followupStrategySchema>;

/** One step as a save sends it: the welcome-message rules, and the wait before it (steps 2 on). */
export const followupStepInputSchema = welcomeMessageInputSchema.and(
  z.object({
    delayHours: z
      .number()
      .int()
      .min(FOLLOWUP_LIMITS.stepDelayHours.min)
      .max(FOLLOWUP_LIMITS.stepDelayHours.max)
      .nullish()
      .transform((v) => v ?? null),
  }),
);
export type FollowupStepInput = WelcomeMessageInput & { delayHours?: number | null };

const labelText = () => text().trim().min(1).max(FOLLOWUP_LIMITS.labelMax);

/**
 * POST /api/v3/followup/config/save and /update/{id}. The trigger's value is checked against
 * its kind, quiet hours come both or neither and end after they start, and step 2 on needs its
 * wait; each fault names its field.
 */
export const followupStrategySaveSchema = z
  .object({
    customerId: idNumber().optional(),
    appId: idNumber().nullish(),
    name: text().trim().min(1).max(FOLLOWUP_LIMITS.nameMax),
    triggerType: z.enum(FOLLOWUP_TRIGGERS),
    // Bounded by the widest range here (so no value reaches the database's integer limit); the
    // trigger's own range is checked below.
    triggerValue: z
      .number()
      .int()
      .min(0)
      .max(Math.max(FOLLOWUP_LIMITS.noReplyHours.max, FOLLOWUP_LIMITS.afterFriendDays.max))
      .nullish(),
    triggerLabel: labelText().nullish(),
    audienceLabels: z.array(labelText()).max(FOLLOWUP_LIMITS.audienceLabelsMax).default([]),
    steps: z.array(followupStepInputSchema).min(1).max(FOLLOWUP_LIMITS.stepsMax),
    maxSendsPerContact: z
      .number()
      .int()
      .min(FOLLOWUP_LIMITS.maxSendsPerContact.min)
      .max(FOLLOWUP_LIMITS.maxSendsPerContact.max),
    quietStart: timeOfDay().nullish(),
    quietEnd: timeOfDay().nullish(),
    enabled: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    const range =
      v.triggerType === 'noReply'
        ? FOLLOWUP_LIMITS.noReplyHours
        : v.triggerType === 'afterFriend'
          ? FOLLOWUP_LIMITS.afterFriendDays
          : null;
    if (range) {
      if (v.triggerValue === undefined || v.triggerValue === null) {
        ctx.addIssue({ code: 'custom', path: ['triggerValue'], message: 'required' });
      } else if (v.triggerValue < range.min) {
        ctx.addIssue({ code: 'custom', path: ['triggerValue'], message: 'tooSmall' });
      } else if (v.triggerValue > range.max) {
        ctx.addIssue({ code: 'custom', path: ['triggerValue'], message: 'tooBig' });
      }
    } else if (!v.triggerLabel) {
      ctx.addIssue({ code: 'custom', path: ['triggerLabel'], message: 'required' });
    }
    if (!v.quietStart !== !v.quietEnd) {
      ctx.addIssue({ code: 'custom', path: [v.quietStart ? 'quietEnd' : 'quietStart'], message: 'required' });
    } else if (v.quietStart && v.quietEnd && minutesOfDay(v.quietEnd) === minutesOfDay(v.quietStart)) {
      // An end before the start is a night (22:00–08:00); the same time would be no window at all.
      ctx.addIssue({ code: 'custom', path: ['quietEnd'], message: 'sameAsStart' });
    }
    v.steps.forEach((step, i) => {
      if (i > 0 && (step.delayHours === null || step.delayHours === undefined)) {
        ctx.addIssue({ code: 'custom', path: ['steps', i, 'delayHours'], message: 'required' });
      }
    });
  });
export type FollowupStrategySave = z.input<typeof followupStrategySaveSchema>;
export type FollowupStrategySaveParsed = z.output<typeof followupStrategySaveSchema>;

export const FOLLOWUP_STRATEGY_SORT_FIELDS = ['name', 'triggerType', 'enabled', 'updatedAt', 'createdAt'] as const;
export const followupStrategyPageQuerySchema = pageQuerySchema.extend({
  keyword: text().trim().max(64).optional(),
  customerId: idNumber().optional(),
  appId: idNumber().optional(),
  enabled: z.boolean().optional(),
  orderBy: orderBySchema(FOLLOWUP_STRATEGY_SORT_FIELDS),
});
export type FollowupStrategyPageQuery = z.input<typeof followupStrategyPageQuerySchema>;

/** GET …/config/options?customerId=: the robot dialog's strategy picker (all in scope without a customer). */
export const followupStrategyOptionsQuerySchema = z.object({ customerId: pathId().optional() });
export const followupStrategyOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  enabled: z.boolean(),
  customerId: z.number().int(),
});
export type FollowupStrategyOption = z.infer<typeof followupStrategyOptionSchema>;
export const followupStrategyOptionsSchema = z.array(followupStrategyOptionSchema);

/** POST …/config/updateEnableState/{id} and …/robot/updateIsEnabled/{id}. */
export const followupEnabledSchema = z.object({ enabled: z.boolean() });
export const followupEnabledResultSchema = z.object({ id: z.number().int(), enabled: z.boolean() });
export type FollowupEnabledResult = z.infer<typeof followupEnabledResultSchema>;

/** GET …/config/delete/{id}?customerId= (the spec's "with params"): the customer guards a stale screen. */
export const followupDeleteQuerySchema = z.object({ customerId: pathId().optional() });
export const followupAffectedSchema = z.object({ affected: z.number().int() });

export const followupRobotSchema = customerRowSchema
  .extend({
    accountId: z.number().int(),
    /** The account's nickname or login name, and whether it is online now. */
    accountName: z.string(),
    accountOnline: z.boolean(),
    strategyIds: z.array(z.number().int()),
    strategyNames: z.array(z.string()),
    dailyCap: z.number().int(),
    workStart: z.string(),
    workEnd: z.string(),
    enabled: z.boolean(),
    /** Follow-ups sent today (the customer's day) by this robot. */
    sentToday: z.number().int(),
  })
  .extend(timestampsShape);
export type FollowupRobot = z.infer<typeof followupRobotSchema>;

/** POST …/robot/save and /update/{id}: one robot per account; strategies of the account's customer. */
export const followupRobotSaveSchema = z
  .object({
    accountId: idNumber(),
    strategyIds: z.array(idNumber()).min(1).max(FOLLOWUP_LIMITS.robotStrategiesMax),
    dailyCap: z.number().int().min(FOLLOWUP_LIMITS.robotDailyCap.min).max(FOLLOWUP_LIMITS.robotDailyCap.max),
    workStart: timeOfDay(),
    workEnd: timeOfDay(),
    enabled: z.boolean().default(false),
  })
  .refine((v) => minutesOfDay(v.workEnd) > minutesOfDay(v.workStart), {
    path: ['workEnd'],
    message: 'endBeforeStart',
  });
export type FollowupRobotSave = z.input<typeof followupRobotSaveSchema>;

export const FOLLOWUP_ROBOT_SORT_FIELDS = ['dailyCap', 'enabled', 'updatedAt', 'createdAt'] as const;
export const followupRobotPageQuerySchema = pageQuerySchema.extend({
  customerId: idNumber().optional(),
  accountId: idNumber().optional(),
  enabled: z.boolean().optional(),
  orderBy: orderBySchema(FOLLOWUP_ROBOT_SORT_FIELDS),
});
export type FollowupRobotPageQuery = z.input<typeof followupRobotPageQuerySchema>;

/** What became of one planned send. */
export const FOLLOWUP_SEND_STATUSES = ['queued', 'sending', 'sent', 'failed', 'skipped'] as const;
export type FollowupSendStatus = (typeof FOLLOWUP_SEND_STATUSES)[number];

/** Why the send-time check held a follow-up back (its sequence then ends). */
export const FOLLOWUP_SKIP_REASONS = [
  'strategyDisabled',
  'robotDisabled',
  'notDefault',
  'replied',
  'takenOver',
  'nothingToSend',
] as const;
export type FollowupSkipReason = (typeof FOLLOWUP_SKIP_REASONS)[number];

/** One row of the send log: who, which step, when, and the result. */
export const followupSendSchema = z.object({
  id: z.number().int(),
  strategyId: z.number().int().nullable(),
  strategyName: z.string(),
  robotId: z.number().int().nullable(),
  accountId: z.number().int(),
  accountName: z.string(),
  contactId: z.number().int().nullable(),
  contactName: z.string(),
  wcId: z.string(),
  /** 1-based. */
  step: z.number().int(),
  type: z.string(),
  /** The text, or the file's name. */
  preview: z.string(),
  status: z.enum(FOLLOWUP_SEND_STATUSES),
  /** skipped: why the check held it back. */
  skipReason: z.enum(FOLLOWUP_SKIP_REASONS).nullable(),
  /** failed: the gateway's or the sender's own words. */
  reason: z.string().nullable(),
  plannedAt: z.string(),
  sentAt: z.string().nullable(),
});
export type FollowupSend = z.infer<typeof followupSendSchema>;

/** POST /api/v3/followup/send/list/page: the log of one strategy or one robot (or all in scope). */
export const followupSendPageQuerySchema = pageQuerySchema.extend({
  customerId: idNumber().optional(),
  strategyId: idNumber().optional(),
  robotId: idNumber().optional(),
  status: z.enum(FOLLOWUP_SEND_STATUSES).optional(),
  ...keysetQueryShape,
});
export type FollowupSendPageQuery = z.input<typeof followupSendPageQuerySchema>;
/** POST …/config/sendLog/page: one strategy's log. */
export const followupStrategySendLogQuerySchema = followupSendPageQuerySchema.extend({ strategyId: idNumber() });
/** POST …/robot/sendLog/page: one robot's log. */
export const followupRobotSendLogQuerySchema = followupSendPageQuerySchema.extend({ robotId: idNumber() });
/** A page of a send log (a strategy's or a robot's). */
export const followupSendLogPageSchema = keysetPageResultSchema(followupSendSchema);

/** Why a contact the strategy would reach is not written to now (the dry run says so). */
export const FOLLOWUP_HOLD_REASONS = [
  'accountOffline',
  'outsideWorkingHours',
  'quietHours',
  'dailyCapReached',
  /** The account's sends left today are kept for replies (the customer's reply reserve, issue 34). */
  'replyReserve',
] as const;
export type FollowupHoldReason = (typeof FOLLOWUP_HOLD_REASONS)[number];

/** One line of a dry run: who would be written to now, with which step. */
export const followupDryRunRowSchema = z.object({
  strategyId: z.number().int(),
  strategyName: z.string(),
  contactId: z.number().int(),
  contactName: z.string(),
  wcId: z.string(),
  step: z.number().int(),
  type: z.string(),
  preview: z.string(),
  /** Since when the contact is due this step. */
  dueSince: z.string(),
});
export type FollowupDryRunRow = z.infer<typeof followupDryRunRowSchema>;

/** GET /api/v3/followup/robot/dryRun/{id}: what the next sweep would send, nothing sent. */
export const followupDryRunSchema = z.object({
  robotId: z.number().int(),
  /** The sweep would send nothing now, and why (the rows are still who is due). */
  heldBecause: z.enum(FOLLOWUP_HOLD_REASONS).nullable(),
  /** Sends left today within the daily cap. */
  capLeft: z.number().int(),
  /** The account's send budget today: its cap, what is used, what is kept for replies. */
  budget: sendBudgetSchema,
  rows: z.array(followupDryRunRowSchema),
  /** The robot or none of its strategies is enabled: the sweep skips it. */
  enabled: z.boolean(),
});
export type FollowupDryRun = z.infer<typeof followupDryRunSchema>;

/** POST …/robot/sweep/{id}: what "Sweep now" did. */
export const followupSweepResultSchema = z.object({
  queued: z.number().int(),
  heldBecause: z.enum(FOLLOWUP_HOLD_REASONS).nullable(),
});
export type FollowupSweepResult = z.infer<typeof followupSweepResultSchema>;

/**
 * What each call of the strategy and robot screens takes and answers (SPEC §7 "Follow-up"). A
 * step's file (`stepFile`) is a download, registered by hand by the server.
 */
export const FOLLOWUP_ROUTE_SCHEMAS = {
  strategyPage: {
    summary: 'Follow-up strategies, a page',
    body: followupStrategyPageQuerySchema,
    answer: pageResultSchema(followupStrategySchema),
  },
  saveStrategy: {
    summary: 'Create a follow-up strategy',
    body: followupStrategySaveSchema,
    answer: followupStrategySchema,
  },
  updateStrategy: {
    summary: 'Change a follow-up strategy',
    params: systemIdParamsSchema,
    body: followupStrategySaveSchema,
    answer: followupStrategySchema,
  },
  setStrategyEnabled: {
    summary: 'Enable or disable a follow-up strategy',
    params: systemIdParamsSchema,
    body: followupEnabledSchema,
    answer: followupEnabledResultSchema,
  },
  removeStrategy: {
    summary: 'Delete a follow-up strategy (customerId: the customer the screen shows it under)',
    params: systemIdParamsSchema,
    querystring: followupDeleteQuerySchema,
    answer: followupAffectedSchema,
  },
  strategyOptions: {
    summary: 'Follow-up strategies for the robot dialog’s picker',
    querystring: followupStrategyOptionsQuerySchema,
    answer: followupStrategyOptionsSchema,
  },
  robotPage: {
    summary: 'Follow-up robots, a page',
    body: followupRobotPageQuerySchema,
    answer: pageResultSchema(followupRobotSchema),
  },
  saveRobot: {
    summary: 'Set up a messaging account as a follow-up robot',
    body: followupRobotSaveSchema,
    answer: followupRobotSchema,
  },
  updateRobot: {
    summary: 'Change a follow-up robot',
    params: systemIdParamsSchema,
    body: followupRobotSaveSchema,
    answer: followupRobotSchema,
  },
  removeRobot: {
    summary: 'Delete a follow-up robot',
    params: systemIdParamsSchema,
    answer: followupAffectedSchema,
  },
  setRobotEnabled: {
    summary: 'Enable or disable a follow-up robot',
    params: systemIdParamsSchema,
    body: followupEnabledSchema,
    answer: followupEnabledResultSchema,
  },
  stepFile: { summary: 'A follow-up step’s file or image', params: systemIdParamsSchema },
} satisfies RouteSchemas;

export const FOLLOWUP_ROUTES = apiRoutes<typeof FOLLOWUP_ROUTE_SCHEMAS>({
  strategyPage: 'POST /api/v3/followup/config/page',
  saveStrategy: 'POST /api/v3/followup/config/save',
  updateStrategy: 'POST /api/v3/followup/config/update/:id',
  setStrategyEnabled: 'POST /api/v3/followup/config/updateEnableState/:id',
  removeStrategy: 'GET /api/v3/followup/config/delete/:id',
  strategyOptions: 'GET /api/v3/followup/config/options',
  robotPage: 'POST /api/v3/followup/robot/list/page',
  saveRobot: 'POST /api/v3/followup/robot/save',
  updateRobot: 'POST /api/v3/followup/robot/update/:id',
  removeRobot: 'GET /api/v3/followup/robot/delete/:id',
  setRobotEnabled: 'POST /api/v3/followup/robot/updateIsEnabled/:id',
  stepFile: 'GET /api/v3/followup/config/file/:id',
});

/** Follow-up at work (issue 18): the send logs, a robot's dry run and "Sweep now". */
export const FOLLOWUP_RUNTIME_ROUTE_SCHEMAS = {
  strategySends: {
    summary: "A strategy's send log",
    body: followupStrategySendLogQuerySchema,
    answer: followupSendLogPageSchema,
  },
  robotSends: {
    summary: "A robot's send log",
    body: followupRobotSendLogQuerySchema,
    answer: followupSendLogPageSchema,
  },
  dryRun: {
    summary: 'Who the robot would write to now, and with what (nothing is sent)',
    params: systemIdParamsSchema,
    answer: followupDryRunSchema,
  },
  sweep: {
    summary: "Run the robot's sweep now (same rules as the minute sweep)",
    params: systemIdParamsSchema,
    answer: followupSweepResultSchema,
  },
} satisfies RouteSchemas;

export const FOLLOWUP_RUNTIME_ROUTES = apiRoutes<typeof FOLLOWUP_RUNTIME_ROUTE_SCHEMAS>({
  strategySends: 'POST /api/v3/followup/config/sendLog/page',
  robotSends: 'POST /api/v3/followup/robot/sendLog/page',
  dryRun: 'GET /api/v3/followup/robot/dryRun/:id',
  sweep: 'POST /api/v3/followup/robot/sweep/:id',
});
