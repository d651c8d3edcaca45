import { SECRET_MASK } from '@agent-console/contracts';

/**
 * The one way an item's value leaves the table for anything shown or sent: the API's answers
 * (and so the XLSX export and the answers the operation log keeps) and the agent's settings (and
 * so its replies, its prompts and what its logs name). A secret item's value is never handed on
 * from here, so a rename, a renamed namespace or a secret saved under a well-known key cannot turn
 * it into something said aloud. (Request bodies reach the operation log through the shared audit
 * rule instead, which masks the `value` of any body flagged secret.)
 */

declare const shown: unique symbol;

/**
 * The value of an item that is not secret. Only `shownPairs` makes one, so a reader typed to take
 * `ShownValue` (the agent's settings) cannot be handed a secret, not even by a later change.
 */
export type ShownValue = string & { readonly [shown]: true };

/** An item as the table holds it: enough to tell what of it may leave. */
export interface StoredValue {
  key: string;
  value: string;
  secret: boolean;
}

/** `key → value` of the items that may steer or be shown; secret items are left out, as if absent. */
export function shownPairs(items: Iterable<StoredValue>): [string, ShownValue][] {
  const pairs: [string, ShownValue][] = [];
  for (const item of items) if (!item.secret) pairs.push([item.key, item.value as ShownValue]);
  return pairs;
}

/** The value an answer carries: a secret's is the mask, or '' when it has none (so `hasValue` can be told). */
export function answeredValue(item: { value: string; secret: boolean }): string {
  if (!item.secret) return item.value;
  return item.value === '' ? '' : SECRET_MASK;
}
