import { promisify } from 'node:util';
import { inflateRaw, inflateRawSync } from 'node:zlib';

const inflateRawAsync = promisify(inflateRaw);

/**
 * Reads a ZIP's central directory without inflating anything, so that an Office file can be
 * recognised by its entries and a zip bomb refused before a parser expands it.
 */
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

export class ZipRejected extends Error {}

/** Limits for Office files we parse: plenty for a 10MB document, far below a bomb. */
export const ZIP_LIMITS = { maxEntries: 5000, maxTotalUncompressed: 200 * 1024 * 1024, maxRatio: 200 };

export function readZipEntries(buf: Buffer): ZipEntry[] {
  const eocd = findEndOfCentralDirectory(buf);
  if (eocd < 0) throw new ZipRejected('no central directory');
  const count = buf.readUInt16LE(eocd + 10);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  // ZIP64 markers: a 10MB upload never needs them, and they are a classic way to hide sizes.
  if (count === 0xffff || cdOffset === 0xffffffff) throw new ZipRejected('zip64 not supported');
  if (count > ZIP_LIMITS.maxEntries) throw new ZipRejected('too many entries');
  const entries: ZipEntry[] = [];
  let at = cdOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== 0x02014b50) throw new ZipRejected('broken central directory');
    const method = buf.readUInt16LE(at + 10);
    const compressedSize = buf.readUInt32LE(at + 20);
    const uncompressedSize = buf.readUInt32LE(at + 24);
    const nameLength = buf.readUInt16LE(at + 28);
    const extraLength = buf.readUInt16LE(at + 30);
    const commentLength = buf.readUInt16LE(at + 32);
    const localHeaderOffset = buf.readUInt32LE(at + 42);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLength);
    entries.push({ name, method, compressedSize, uncompressedSize, localHeaderOffset });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Throws ZipRejected when the archive would expand beyond the limits. */
export function assertNotZipBomb(entries: ZipEntry[]): void {
  let total = 0;
  for (const e of entries) {
    if (e.compressedSize === 0xffffffff || e.uncompressedSize === 0xffffffff) throw new ZipRejected('zip64 entry');
    total += e.uncompressedSize;
    if (e.uncompressedSize > 1024 * 1024 && e.uncompressedSize / Math.max(e.compressedSize, 1) > ZIP_LIMITS.maxRatio) {
      throw new ZipRejected('compression ratio too high');
    }
  }
  if (total > ZIP_LIMITS.maxTotalUncompressed) throw new ZipRejected('expands too much');
}

function findEndOfCentralDirectory(buf: Buffer): number {
  const stop = Math.max(0, buf.length - 22 - 0xffff);
  for (let i = buf.length - 22; i >= stop; i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) return i;
  }
  return -1;
}

/**
 * Inflates every entry with a hard output cap equal to the size the directory declares, so an
 * archive that lies about its sizes (the classic bomb) fails here, within the declared budget
 * already checked by assertNotZipBomb, instead of inside a parser that trusts the headers.
 * Inflation runs on the thread pool, one entry at a time: an upload never blocks the event loop.
 */
export async function verifyZipSizes(buf: Buffer, entries: ZipEntry[]): Promise<void> {
  for (const e of entries) {
    const { method, data } = compressedData(buf, e);
    if (method === 'stored') continue;
    let out: Buffer;
    try {
      out = await inflateRawAsync(data, { maxOutputLength: Math.max(e.uncompressedSize, 1) });
    } catch {
      throw new ZipRejected('entry inflates beyond its declared size');
    }
    if (out.length !== e.uncompressedSize) throw new ZipRejected('entry size mismatch');
  }
}

/**
 * The bytes of one entry, never more than its declared size (for a parser's own checks inside a
 * worker; an upload has been through verifyZipSizes already).
 */
export function readZipEntry(buf: Buffer, e: ZipEntry): Buffer {
  const { method, data } = compressedData(buf, e);
  if (method === 'stored') return data;
  try {
    return inflateRawSync(data, { maxOutputLength: Math.max(e.uncompressedSize, 1) });
  } catch {
    throw new ZipRejected('entry inflates beyond its declared size');
  }
}

function compressedData(buf: Buffer, e: ZipEntry): { method: 'stored' | 'deflated'; data: Buffer } {
  const at = e.localHeaderOffset;
  if (at + 30 > buf.length || buf.readUInt32LE(at) !== 0x04034b50) throw new ZipRejected('broken local header');
  const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
  const data = buf.subarray(start, start + e.compressedSize);
  if (data.length !== e.compressedSize) throw new ZipRejected('truncated entry');
  if (e.method === 0) {
    if (e.compressedSize !== e.uncompressedSize) throw new ZipRejected('stored size mismatch');
    return { method: 'stored', data };
  }
  if (e.method !== 8) throw new ZipRejected('unsupported compression');
  return { method: 'deflated', data };
}
