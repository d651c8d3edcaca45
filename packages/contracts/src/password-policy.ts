import { isCommonPassword } from './common-passwords';
import { PASSWORD_MIN } from './password-limits';

/** Why a new password is refused, as a field reason; the server and the web forms apply one rule. */
export type PasswordWeakness = 'tooShort' | 'containsUsername' | 'weakPassword';

/**
 * The rule for every new password a person chooses (register, user create, password change): at
 * least PASSWORD_MIN characters, not containing the username (case-insensitive), and not one of
 * the most common passwords (`common-passwords.ts`, compared lower-cased). Null when acceptable.
 * Its own module, apart from the schemas, so the web loads the list only when a form checks one.
 */
export function passwordWeakness(password: string, username?: string | null): PasswordWeakness | null {
  if (password.length < PASSWORD_MIN) return 'tooShort';
  const name = username?.trim().toLowerCase();
  if (name && password.toLowerCase().includes(name)) return 'containsUsername';
  if (isCommonPassword(password)) return 'weakPassword';
  return null;
}
