import {
  CHAT_FILE_MAX_BYTES,
  CHAT_FILES_MAX,
  codeForReason,
  FIELD_REASONS,
  type FieldError,
  type FieldReason,
  sendFileFieldsSchema,
  unsafeFileNameChars,
} from '@agent-console/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { MIN_UPLOAD_BYTES, safeName } from '../../../http/multipart';
import { AppError } from '../../../lib/app-error';

export interface MessageFile {
  /** The name as sent; checked, never used in a path. */
  filename: string;
  data: Buffer;
}

export interface MessageUpload {
  fields: z.output<typeof sendFileFieldsSchema>;
  files: MessageFile[];
}

/** Room for 1000 comma-separated ids in the `contactIds` field. */
const FIELD_SIZE = 16 * 1024;

const codeOf = (err: unknown) => {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
};

/**
 * Reads POST /message/sendFile (multipart: `accountId`, `contactIds`, 1–3 `files`) whole before
 * anything is stored, and checks every rule of SPEC §5 with an error naming the field and, for a
 * file, the file: more than 3 files; a file over 3MB (its name, and 3MB); a name with special
 * characters (its name, and those characters); an empty file. Sizes are limited while streaming,
 * so an oversized file is never buffered whole. Every fault found is in the answer's `fields`.
 */
export async function readMessageUpload(request: FastifyRequest): Promise<MessageUpload> {
  if (!request.isMultipart()) throw AppError.field('A0410', 'files', 'required');
  const files: MessageFile[] = [];
  const raw: Record<string, string> = {};
  const faults: { code: 'A0400' | 'A0420' | 'A0702'; field: FieldError }[] = [];
  try {
    const parts = request.parts({
      limits: {
        fileSize: CHAT_FILE_MAX_BYTES,
        files: CHAT_FILES_MAX,
        fields: 10,
        fieldSize: FIELD_SIZE,
        parts: CHAT_FILES_MAX + 10,
      },
    });
    for await (const part of parts) {
      if (part.type !== 'file') {
        raw[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
        continue;
      }
      const subject = (part.filename ?? '').slice(0, 200);
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (err) {
        if (codeOf(err) !== 'FST_REQ_FILE_TOO_LARGE') throw err;
        faults.push({ code: 'A0702', field: { field: 'files', reason: 'fileOver3MB', subject } });
        continue;
      }
      // A browser sends a file part without a name for an empty file input: no file.
      if (!part.filename && data.length === 0) continue;
      const unsafe = unsafeFileNameChars(part.filename);
      if (unsafe.length) {
        faults.push({
          code: 'A0400',
          field: { field: 'files', reason: 'unsafeFileName', subject, detail: unsafe.map(describeChar).join(' ') },
        });
        continue;
      }
      if (data.length < MIN_UPLOAD_BYTES) {
        faults.push({ code: 'A0420', field: { field: 'files', reason: 'tooSmall', subject } });
        continue;
      }
      files.push({ filename: safeName(part.filename), data });
    }
  } catch (err) {
    const code = codeOf(err);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new AppError('A0420', { fields: [{ field: 'files', reason: 'tooManyFiles' }] });
    }
    // The parser reports an oversized file once more when the parts end; it is already named.
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      const subject = String((err as { part?: { filename?: unknown } }).part?.filename ?? '').slice(0, 200);
      if (!faults.some((f) => f.field.reason === 'fileOver3MB' && f.field.subject === subject)) {
        faults.push({ code: 'A0702', field: { field: 'files', reason: 'fileOver3MB', subject } });
      }
    } else if (err instanceof AppError || code.startsWith('FST_')) {
      throw err;
    } else {
      throw new AppError('A0427', { fields: [{ field: 'files', reason: 'invalidFormat' }] });
    }
  }
  const first = faults[0];
  if (first) throw new AppError(first.code, { fields: faults.map((f) => f.field) });
  if (!files.length) throw AppError.field('A0410', 'files', 'required');
  return { fields: parseFields(raw), files };
}

/** A control character is named by its code point; the others as themselves. */
function describeChar(c: string): string {
  const code = c.codePointAt(0) ?? 0;
  return code < 0x20 || code === 0x7f ? `U+${code.toString(16).toUpperCase().padStart(4, '0')}` : c;
}

function parseFields(raw: Record<string, string>): MessageUpload['fields'] {
  const parsed = sendFileFieldsSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const fields = parsed.error.issues.map((issue) => ({
    field: String(issue.path[0] ?? 'contactIds'),
    reason: (issue.message in FIELD_REASONS ? issue.message : 'invalidValue') as FieldReason,
  }));
  const first = fields[0] as FieldError;
  throw new AppError(codeForReason(first.reason), { fields });
}
