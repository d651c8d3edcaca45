import { type FieldError, type FieldReason, reasonForIssue } from '@agent-console/contracts';

/** What a contract's schema offers for a check (a zod schema, without the web depending on zod). */
interface Checkable {
  safeParse(
    value: unknown,
    params: { error: typeof reasonForIssue },
  ): { success: true } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/**
 * What the server would refuse in `value`, found in the browser with the same contract: each
 * fault as the field error the server's answer would carry (`steps.1.delayHours`, `required`).
 */
export function contractCheck(schema: Checkable, value: unknown): FieldError[] {
  const checked = schema.safeParse(value, { error: reasonForIssue });
  if (checked.success) return [];
  return checked.error.issues.map((issue) => ({
    field: issue.path.map(String).join('.'),
    reason: issue.message as FieldReason,
  }));
}
