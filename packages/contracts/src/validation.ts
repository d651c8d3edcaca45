import { z } from 'zod';
import type { ErrorCode } from './errors';
import type { FieldReason } from './field-reasons';

/**
 * Zod issues become stable reason keys (`required`, `tooLong`, ...) instead of English
 * sentences, so the server can localise them and the web can show its own text.
 * Schema-level messages (`mismatch`, `mustAccept`) take precedence over this map.
 */
export function reasonForIssue(issue: z.core.$ZodRawIssue): FieldReason {
  const input = issue.input;
  switch (issue.code) {
    case 'invalid_type':
      return input === undefined || input === null ? 'required' : 'invalidType';
    case 'too_big':
      return issue.origin === 'string' || issue.origin === 'array' ? 'tooLong' : 'tooBig';
    case 'too_small':
      if (issue.origin === 'string' && typeof input === 'string' && input.trim() === '') return 'required';
      return issue.origin === 'string' || issue.origin === 'array' ? 'tooShort' : 'tooSmall';
    case 'invalid_format':
      return 'invalidFormat';
    case 'unrecognized_keys':
      return 'unknownField';
    case 'invalid_value':
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
      return 'invalidValue';
    default:
      return 'invalidValue';
  }
}

let installed = false;
export function installReasonErrorMap(): void {
  if (installed) return;
  installed = true;
  z.config({ customError: (issue) => reasonForIssue(issue) });
}

const REASON_CODES: Partial<Record<FieldReason, ErrorCode>> = {
  required: 'A0410',
  tooLong: 'A0420',
  tooShort: 'A0420',
  tooBig: 'A0420',
  tooSmall: 'A0420',
  selectRegionFirst: 'A0410',
  atMost10Messages: 'A0420',
  atMost6Items: 'A0420',
  needOneLeadItem: 'A0410',
};

export function codeForReason(reason: FieldReason): ErrorCode {
  return REASON_CODES[reason] ?? 'A0400';
}
