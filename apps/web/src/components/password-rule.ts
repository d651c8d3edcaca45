import { PASSWORD_MIN, type PasswordWeakness } from '@agent-console/contracts';
import type { FormRule } from 'antd';

/**
 * The antd rule for a new password: the same rule the server applies (`passwordWeakness` in the
 * contracts): at least PASSWORD_MIN characters, not containing the username, not a common
 * password. "Required" stays a rule of its own. `username` is read when the rule runs.
 */
export function newPasswordRule(
  username: () => string | null | undefined,
  messages: Record<PasswordWeakness, string>,
): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (typeof value !== 'string' || !value) return;
      if (value.length < PASSWORD_MIN) throw new Error(messages.tooShort);
      const { passwordWeakness } = await import('./password-weakness');
      const weakness = passwordWeakness(value, username());
      if (weakness) throw new Error(messages[weakness]);
    },
  };
}
