import { describeFieldError, type FieldError, type Language } from '@agent-console/contracts';
import type { FormInstance } from 'antd';
import { ApiError } from '../api/client';
import i18n from '../i18n';

/**
 * Puts the server's field errors under the matching form fields, each as a sentence with the
 * field's label ("Current password is incorrect"), and returns what the form should show on top:
 * nothing when every error sits under its field, the sentences of the fields the form does not
 * show, or the server's message when the error names no field. Never a request key or a reason key.
 */
export function applyServerErrors(form: FormInstance, error: unknown): string | null {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  const fields = fieldErrors(error.data);
  if (!fields.length) return error.message;
  const lang = i18n.language as Language;
  const mounted = form.getFieldsValue() as Record<string, unknown> | undefined;
  const placed: { name: (string | number)[]; errors: string[] }[] = [];
  const elsewhere: string[] = [];
  for (const f of fields) {
    const sentence = describeFieldError(f, lang);
    const name = namePath(f.field);
    if (isMounted(mounted, name)) placed.push({ name, errors: [sentence] });
    else if (!elsewhere.includes(sentence)) elsewhere.push(sentence);
  }
  if (placed.length) form.setFields(placed);
  return elsewhere.length ? elsewhere.join('; ') : null;
}

/** `titles.en` → ['titles', 'en']; `ids.0` → ['ids', 0], as antd names nested fields. */
function namePath(field: string): (string | number)[] {
  return field.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/**
 * Whether a field of that name is on screen: `getFieldsValue()` holds exactly the mounted
 * fields (values set without a field, such as an edited record's id, are left out).
 */
function isMounted(values: Record<string, unknown> | undefined, name: (string | number)[]): boolean {
  let at: unknown = values;
  for (const key of name) {
    if (!at || typeof at !== 'object' || !(key in at)) return false;
    at = (at as Record<string | number, unknown>)[key];
  }
  return true;
}

function fieldErrors(data: unknown): FieldError[] {
  if (data && typeof data === 'object' && Array.isArray((data as { fields?: unknown }).fields)) {
    return (data as { fields: FieldError[] }).fields.filter((f) => f && typeof f.field === 'string');
  }
  return [];
}
