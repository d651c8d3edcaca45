import {
  FOLLOWUP_LIMITS,
  type FollowupStrategy,
  type FollowupStrategySave,
  type FollowupTrigger,
} from '@agent-console/contracts';
import {
  emptyMessage,
  type MessageRow,
  messageComplete,
  messageInput,
  messageRowFrom,
} from '../../../../ui/message-list/message-rows';

/** One step as the dialog holds it: a message, and the hours to wait before it (steps 2 on). */
export type StepRow = MessageRow & { delayHours: number | null };

/** What the dialog's form holds. */
export interface StrategyValues {
  customerId?: number;
  appId?: number | null;
  name: string;
  triggerType: FollowupTrigger;
  triggerValue?: number | null;
  triggerLabel?: string | null;
  audienceLabels: string[];
  steps: StepRow[];
  maxSendsPerContact: number;
  quietStart?: string | null;
  quietEnd?: string | null;
  enabled: boolean;
}

/** A new step waits a day after the one before it. */
export const DEFAULT_STEP_DELAY = 24;

export const newStep = (): StepRow => ({ ...emptyMessage(), delayHours: DEFAULT_STEP_DELAY });

/** A step is complete with its message and, after the first, its wait. */
export const stepComplete = (row: StepRow, index: number) =>
  messageComplete(row) && (index === 0 || row.delayHours !== null);

/** The range of a trigger's number, and its unit; none for a label. */
export function triggerRange(type: FollowupTrigger): { min: number; max: number; unit: 'hours' | 'days' } | null {
  if (type === 'noReply') return { ...FOLLOWUP_LIMITS.noReplyHours, unit: 'hours' };
  if (type === 'afterFriend') return { ...FOLLOWUP_LIMITS.afterFriendDays, unit: 'days' };
  return null;
}

/** What a trigger's number starts at: two days of silence, three days of friendship. */
export function defaultTriggerValue(type: FollowupTrigger): number | null {
  return type === 'noReply' ? 48 : type === 'afterFriend' ? 3 : null;
}

export function newStrategy(customerId: number | undefined): Partial<StrategyValues> {
  return {
    ...(customerId ? { customerId } : {}),
    appId: null,
    triggerType: 'noReply',
    triggerValue: defaultTriggerValue('noReply'),
    audienceLabels: [],
    steps: [{ ...emptyMessage(), delayHours: null }],
    maxSendsPerContact: 2,
    quietStart: null,
    quietEnd: null,
    enabled: false,
  };
}

export function valuesFrom(s: FollowupStrategy): StrategyValues {
  return {
    customerId: s.customerId,
    appId: s.appId,
    name: s.name,
    triggerType: s.triggerType,
    triggerValue: s.triggerValue,
    triggerLabel: s.triggerLabel,
    audienceLabels: s.audienceLabels,
    steps: s.steps.map((step) => ({ ...messageRowFrom(step), delayHours: step.delayHours })),
    maxSendsPerContact: s.maxSendsPerContact,
    quietStart: s.quietStart,
    quietEnd: s.quietEnd,
    enabled: s.enabled,
  };
}

/** The save body of the dialog's values: exactly what the server checks. */
export function toSave(v: StrategyValues): FollowupStrategySave {
  const label = v.triggerType === 'hasLabel';
  return {
    ...(v.customerId ? { customerId: v.customerId } : {}),
    appId: v.appId ?? null,
    name: v.name ?? '',
    triggerType: v.triggerType,
    triggerValue: label ? null : (v.triggerValue ?? null),
    triggerLabel: label ? (v.triggerLabel ?? null) : null,
    audienceLabels: v.audienceLabels ?? [],
    steps: (v.steps ?? []).map((row, i) => ({ ...messageInput(row), delayHours: i === 0 ? null : row.delayHours })),
    maxSendsPerContact: v.maxSendsPerContact,
    quietStart: v.quietStart || null,
    quietEnd: v.quietEnd || null,
    enabled: v.enabled,
  };
}
