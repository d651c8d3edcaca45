import path from 'node:path';
import { assertNotZipBomb, readZipEntries, verifyZipSizes, ZipRejected } from './zip-inspect';

/** File kinds we recognise from their bytes. */
export type FileKind =
  | 'pdf'
  | 'doc'
  | 'docx'
  | 'xls'
  | 'xlsx'
  | 'ppt'
  | 'pptx'
  | 'csv'
  | 'txt'
  | 'png'
  | 'jpeg'
  | 'gif'
  | 'webp';

export const MIME_OF: Record<FileKind, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  csv: 'text/csv',
  txt: 'text/plain',
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

export type SniffResult = { ok: true; kind: FileKind } | { ok: false; reason: 'unknownType' | 'zipBomb' | 'mismatch' };

const OLE_KINDS: Record<string, FileKind> = { '.doc': 'doc', '.xls': 'xls', '.ppt': 'ppt' };

/**
 * The kind of a file from its first bytes (magic numbers), cross-checked with the extension:
 * an `.exe` renamed `.pdf` is refused, and so is a PDF renamed `.docx`. ZIP containers are
 * inflated (on the thread pool) to check their declared sizes.
 */
export async function sniffFile(data: Buffer, clientName: string): Promise<SniffResult> {
  const ext = path.extname(clientName).toLowerCase();
  const kind = await detect(data, ext);
  if (!kind.ok) return kind;
  if (!extensionFits(kind.kind, ext)) return { ok: false, reason: 'mismatch' };
  return kind;
}

async function detect(data: Buffer, ext: string): Promise<SniffResult> {
  const head = data.subarray(0, 16);
  if (data.subarray(0, 1024).includes('%PDF-')) return { ok: true, kind: 'pdf' };
  if (head.length >= 4 && head.readUInt32LE(0) === 0x04034b50) return detectZip(data);
  if (head.length >= 8 && head.readUInt32BE(0) === 0xd0cf11e0 && head.readUInt32BE(4) === 0xa1b11ae1) {
    const kind = OLE_KINDS[ext];
    return kind ? { ok: true, kind } : { ok: false, reason: 'unknownType' };
  }
  if (head.length >= 8 && head.readUInt32BE(0) === 0x89504e47) return { ok: true, kind: 'png' };
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return { ok: true, kind: 'jpeg' };
  if (head.subarray(0, 4).toString('latin1') === 'GIF8') return { ok: true, kind: 'gif' };
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') {
    return { ok: true, kind: 'webp' };
  }
  // Text: no NUL bytes in the first 8KB; which text kind comes from the extension.
  if (!data.subarray(0, 8192).includes(0) && (ext === '.csv' || ext === '.txt')) {
    return { ok: true, kind: ext === '.csv' ? 'csv' : 'txt' };
  }
  return { ok: false, reason: 'unknownType' };
}

async function detectZip(data: Buffer): Promise<SniffResult> {
  try {
    const entries = readZipEntries(data);
    assertNotZipBomb(entries);
    await verifyZipSizes(data, entries);
    const names = new Set(entries.map((e) => e.name));
    if (names.has('word/document.xml')) return { ok: true, kind: 'docx' };
    if (names.has('xl/workbook.xml')) return { ok: true, kind: 'xlsx' };
    if (names.has('ppt/presentation.xml')) return { ok: true, kind: 'pptx' };
    return { ok: false, reason: 'unknownType' };
  } catch (err) {
    if (err instanceof ZipRejected) return { ok: false, reason: 'zipBomb' };
    return { ok: false, reason: 'unknownType' };
  }
}

function extensionFits(kind: FileKind, ext: string): boolean {
  if (kind === 'jpeg') return ext === '.jpg' || ext === '.jpeg';
  return ext === `.${kind}`;
}
