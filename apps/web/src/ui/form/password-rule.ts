import { PASSWORD_MIN, type PasswordWeakness } from '@agent-console/contracts';
import type { FormRule } from 'antd';

/**
 * The rule for a new password, as the server applies it (`passwordWeakness` in the contracts): at
 * least PASSWORD_MIN characters, not containing the username, not a common password. Answers the
 * message of the first broken part, or nothing. The common-password list is its own chunk, loaded
 * the first time a password long enough is checked.
 */
export async function newPasswordProblem(
  value: unknown,
  username: string | null | undefined,
  messages: Record<PasswordWeakness, string>,
): Promise<string | undefined> {
  if (typeof value !== 'string' || !value) return undefined;
  if (value.length < PASSWORD_MIN) return messages.tooShort;
  const { passwordWeakness } = await import('./password-weakness');
  const weakness = passwordWeakness(value, username);
  return weakness ? messages[weakness] : undefined;
}

/**
 * The antd rule for a new password (`newPasswordProblem`). "Required" stays a rule of its own.
 * `username` is read when the rule runs.
 */
export function newPasswordRule(
  username: () => string | null | undefined,
  messages: Record<PasswordWeakness, string>,
): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const problem = await newPasswordProblem(value, username(), messages);
      if (problem) throw new Error(problem);
    },
  };
}

/**
 * A rule comparing a password with another field's: `equal`, the confirmation repeats the new
 * password; not `equal`, the new password differs from the old. An empty value is left to "required".
 */
export function comparedPasswordRule(other: string, equal: boolean, message: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: (_rule, value: unknown) =>
      !value || (value === getFieldValue(other)) === equal ? Promise.resolve() : Promise.reject(new Error(message)),
  });
}
