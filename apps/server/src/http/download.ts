import type { FastifyReply } from 'fastify';
import { buildXlsx, withXlsxExtension, XLSX_MIME, type XlsxFile } from '../lib/xlsx-export';

/** RFC 5987 value: UTF-8, percent-encoded, with the characters encodeURIComponent leaves alone fixed. */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `attachment; filename="ascii.xlsx"; filename*=UTF-8''%E6%93%8D...` — the starred form keeps
 * Chinese and other names intact; the plain one is an ASCII fallback for old clients. Every
 * download of the API names its file through this one function.
 */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${rfc5987(fileName)}`;
}

/** Answers the call with the workbook as a download. */
export async function sendXlsx<T>(reply: FastifyReply, file: XlsxFile<T>): Promise<FastifyReply> {
  const buffer = await buildXlsx(file);
  return reply
    .header('content-type', XLSX_MIME)
    .header('content-disposition', contentDisposition(withXlsxExtension(file.fileName)))
    .header('cache-control', 'no-store')
    .send(buffer);
}
