import { FIELD_REASONS, type FieldError, type Language } from '@agent-console/contracts';
import type { FormInstance } from 'antd';
import { ApiError } from '../api/client';
import i18n from '../i18n';

/**
 * Puts the server's field errors under the matching form fields and returns the message for
 * the form as a whole. Fields the form does not show stay in the returned message.
 */
export function applyServerErrors(form: FormInstance, error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  const fields = fieldErrors(error.data);
  const shown = new Set(Object.keys(form.getFieldsValue(true) ?? {}));
  const lang = i18n.language as Language;
  const inForm = fields.filter((f) => shown.has(f.field));
  if (inForm.length) {
    form.setFields(inForm.map((f) => ({ name: f.field, errors: [FIELD_REASONS[f.reason]?.[lang] ?? error.message] })));
  }
  return error.message;
}

function fieldErrors(data: unknown): FieldError[] {
  if (data && typeof data === 'object' && Array.isArray((data as { fields?: unknown }).fields)) {
    return (data as { fields: FieldError[] }).fields;
  }
  return [];
}
