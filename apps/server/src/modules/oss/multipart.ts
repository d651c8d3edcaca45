import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';

export interface Upload {
  data: Buffer;
  /** The client's file name, reduced to a plain base name; data only, never a path. */
  filename: string;
  fields: Record<string, string>;
}

/**
 * Reads one multipart upload: one file and a few short text fields. The size limit is applied
 * while streaming (busboy stops at `maxBytes` and the part throws FST_REQ_FILE_TOO_LARGE, which
 * answers A0702), so an oversized body is never buffered whole.
 */
export async function readUpload(request: FastifyRequest, maxBytes: number): Promise<Upload> {
  if (!request.isMultipart()) throw AppError.field('A0410', 'file', 'required');
  let upload: { data: Buffer; filename: string } | null = null;
  const fields: Record<string, string> = {};
  const parts = request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 2000, parts: 12 } });
  for await (const part of parts) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      upload = { data, filename: safeName(part.filename) };
    } else {
      fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
    }
  }
  if (!upload || upload.data.length === 0) throw AppError.field('A0410', 'file', 'required');
  return { ...upload, fields };
}

/** Drops C0 control characters and DEL, except those in `keep` (e.g. line breaks). */
export function stripControlCharacters(text: string, keep = ''): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if ((code < 32 || code === 127) && !keep.includes(ch)) continue;
    out += ch;
  }
  return out;
}

/** The last path segment, without control characters, at most 200 characters. */
export function safeName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = stripControlCharacters(base).trim().replace(/^\.+/, '');
  return (cleaned || 'file').slice(-200);
}
