import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import { stripControlCharacters } from '../lib/control-characters';

export interface Upload {
  data: Buffer;
  /** The client's file name, reduced to a plain base name; data only, never a path. */
  filename: string;
  fields: Record<string, string>;
}

/** Smallest file worth storing: no file type we accept fits in fewer bytes than its magic number. */
export const MIN_UPLOAD_BYTES = 4;

/**
 * Reads one multipart upload: one file and a few short text fields. The size limit is applied
 * while streaming (busboy stops at `maxBytes` and the part throws FST_REQ_FILE_TOO_LARGE, which
 * answers A0702), so an oversized body is never buffered whole. A body that is not multipart as
 * announced (no boundary, a wrong one, cut short) answers A0427; a part without a file name (what
 * a browser sends for an empty file input) or without bytes counts as no file (A0410); a file
 * smaller than any type we accept, a second file, or more fields than the form has answer A0420.
 */
export async function readUpload(request: FastifyRequest, maxBytes: number): Promise<Upload> {
  if (!request.isMultipart()) throw AppError.field('A0410', 'file', 'required');
  let upload: { data: Buffer; filename: string } | null = null;
  const fields: Record<string, string> = {};
  try {
    const parts = request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 2000, parts: 12 } });
    for await (const part of parts) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.filename) upload = { data, filename: safeName(part.filename) };
      } else {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
      }
    }
  } catch (err) {
    throw malformed(err);
  }
  if (!upload || upload.data.length === 0) throw AppError.field('A0410', 'file', 'required');
  if (upload.data.length < MIN_UPLOAD_BYTES) throw AppError.field('A0420', 'file', 'tooSmall');
  return { ...upload, fields };
}

/**
 * Errors while reading the body: ours and fastify's (limits, with codes the error handler maps)
 * pass through; anything the multipart parser itself throws is a body that is not what its
 * content type says.
 */
function malformed(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown } | null)?.code;
  // More than the form holds is the client's mistake, not a file too large (what these answer as).
  if (code === 'FST_FILES_LIMIT') return AppError.field('A0420', 'file', 'oneFile');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return AppError.field('A0420', 'file', 'tooManyParts');
  if (typeof code === 'string' && code.startsWith('FST_')) return err;
  return new AppError('A0427', { fields: [{ field: 'file', reason: 'invalidFormat' }] });
}

/** The last path segment, without control characters, at most 200 characters. */
export function safeName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = stripControlCharacters(base).trim().replace(/^\.+/, '');
  return (cleaned || 'file').slice(-200);
}
