/**
 * Common passwords refused as new passwords (generated once, never fetched at run time).
 *
 * Source: the password list of zxcvbn 4.4.2 (npm `zxcvbn`, lib/frequency_lists.js; MIT licence,
 * copyright (c) 2012-2016 Dan Wheeler and Dropbox, Inc.), itself the most frequent passwords of
 * Mark Burnett's 10 million password corpus, lower-cased and ordered by frequency. Kept: the 7354
 * passwords of 8 or more characters among its 20,000 most common (shorter ones are refused by
 * length already). Kept as data in `lists/common-passwords.json`, most common first.
 */
import COMMON_PASSWORDS from '../lists/common-passwords.json';

let common: Set<string> | undefined;

/** Whether a password (compared lower-cased) is on the list. The set is built on first use. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(COMMON_PASSWORDS);
  return common.has(password.toLowerCase());
}
