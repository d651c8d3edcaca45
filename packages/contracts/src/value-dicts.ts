import { WELCOME_MESSAGE_TYPES } from './ai-role';
import { APP_STATUSES } from './app-info';
import { FOLLOWUP_HOLD_REASONS, FOLLOWUP_SEND_STATUSES, FOLLOWUP_SKIP_REASONS, FOLLOWUP_TRIGGERS } from './followup';
import { DICT_TYPES } from './system-dict';

/**
 * Value dictionaries: dictionaries whose values are an enumeration of these contracts. Their labels
 * and tag colours are the operator's to edit; their values are the code's, so the dictionary
 * service accepts no other value and the screens offer exactly these (in this order), whatever
 * the dictionary holds.
 */
export const VALUE_DICTS = {
  [DICT_TYPES.welcomeMessageType]: WELCOME_MESSAGE_TYPES,
  [DICT_TYPES.appStatus]: APP_STATUSES,
  [DICT_TYPES.followupTrigger]: FOLLOWUP_TRIGGERS,
  [DICT_TYPES.followupSendStatus]: FOLLOWUP_SEND_STATUSES,
  [DICT_TYPES.followupSkipReason]: FOLLOWUP_SKIP_REASONS,
  [DICT_TYPES.followupHoldReason]: FOLLOWUP_HOLD_REASONS,
} as const satisfies Record<string, readonly string[]>;
export type ValueDictType = keyof typeof VALUE_DICTS;

/** The values the code allows in a value dictionary; undefined for any other dictionary. */
export function valueDictValues(type: string): readonly string[] | undefined {
  return Object.hasOwn(VALUE_DICTS, type) ? VALUE_DICTS[type as ValueDictType] : undefined;
}
