import { describeFieldError, type FieldError, type Language } from '@agent-console/contracts';
import type { FormInstance } from 'antd';
import { ApiError } from '../../platform/api/client';
import i18n from '../../platform/i18n';

/**
 * Puts the server's field errors under the matching form fields, each as a sentence with the
 * field's label ("Current password is incorrect"), and returns what the form should show on top:
 * nothing when every error sits under its field, the sentences of the fields the form does not
 * show, or the server's message when the error names no field. Never a request key or a reason key.
 */
export function applyServerErrors(form: FormInstance, error: unknown): string | null {
  const { placed, message } = placeServerErrors(error, shownFields(form));
  if (placed.length) form.setFields(placed);
  return message;
}

/**
 * Puts field errors (the server's, or the browser's own check with the same contract) under the
 * fields they name; a field inside a shown one (`steps.1.delayHours` of a steps editor) goes under
 * that one, its sentence naming the row. Returns the sentences of fields the form does not show.
 */
export function applyFieldErrors(form: FormInstance, fields: FieldError[]): string | null {
  const { placed, message } = placeFieldErrors(fields, shownFields(form));
  if (placed.length) form.setFields(placed);
  return message;
}

/** Sentences to show under form fields (by name path), and what the form shows on top instead. */
export interface PlacedErrors {
  placed: { name: (string | number)[]; errors: string[] }[];
  message: string | null;
}

/**
 * The rule of `applyServerErrors` for any form: `shown` are the name paths of the fields on
 * screen (the sign-in page's plain forms pass theirs; antd forms read them from the form).
 */
export function placeServerErrors(error: unknown, shown: (string | number)[][]): PlacedErrors {
  if (!(error instanceof ApiError))
    return { placed: [], message: error instanceof Error ? error.message : String(error) };
  const fields = fieldErrors(error.data);
  if (!fields.length) return { placed: [], message: error.message };
  return placeFieldErrors(fields, shown);
}

function placeFieldErrors(fields: FieldError[], shownNames: (string | number)[][]): PlacedErrors {
  const lang = i18n.language as Language;
  const shown = shownNames.map((name) => JSON.stringify(name));
  const placed = new Map<string, { name: (string | number)[]; errors: string[] }>();
  const elsewhere: string[] = [];
  for (const f of fields) {
    const sentence = describeFieldError(f, lang);
    const name = nearestShown(shown, namePath(f.field));
    if (!name) {
      if (!elsewhere.includes(sentence)) elsewhere.push(sentence);
      continue;
    }
    const key = JSON.stringify(name);
    const at = placed.get(key) ?? { name, errors: [] };
    if (!at.errors.includes(sentence)) at.errors.push(sentence);
    placed.set(key, at);
  }
  return { placed: [...placed.values()], message: elsewhere.length ? elsewhere.join('; ') : null };
}

/** `titles.en` → ['titles', 'en']; `ids.0` → ['ids', 0], as antd names nested fields. */
export function namePath(field: string): (string | number)[] {
  return field.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/** The names of the fields on screen (values set without a field, such as an edited record's id, are not). */
function shownFields(form: FormInstance): (string | number)[][] {
  const names: (string | number)[][] = [];
  form.getFieldsValue(true, (meta) => {
    if (meta?.name) names.push(meta.name);
    return false;
  });
  return names;
}

/** The longest start of `name` that is a field on screen. */
function nearestShown(shown: string[], name: (string | number)[]): (string | number)[] | null {
  for (let n = name.length; n > 0; n--) {
    const prefix = name.slice(0, n);
    if (shown.includes(JSON.stringify(prefix))) return prefix;
  }
  return null;
}

function fieldErrors(data: unknown): FieldError[] {
  if (data && typeof data === 'object' && Array.isArray((data as { fields?: unknown }).fields)) {
    return (data as { fields: FieldError[] }).fields.filter((f) => f && typeof f.field === 'string');
  }
  return [];
}
