import mammoth from 'mammoth';
import { extractText as extractPdfText } from 'unpdf';
import WordExtractor from 'word-extractor';
import { stripControlCharacters } from '../oss/multipart';

/**
 * Why a document could not be read. The abnormal-reason column stores `key` or `key: detail`;
 * the screen translates the key (scannedPdf, noText, broken, passwordProtected, fileMissing,
 * fileUnreadable) and shows the technical detail after it.
 */
export type ExtractReason = 'scannedPdf' | 'noText' | 'broken' | 'passwordProtected' | 'fileMissing' | 'fileUnreadable';
export class ExtractError extends Error {
  constructor(
    readonly reason: ExtractReason,
    detail?: string,
  ) {
    super(detail ? `${reason}: ${detail}` : reason);
  }
}

export type DocumentKind = 'pdf' | 'docx' | 'doc';

/**
 * Plain text of a document, paragraphs separated by blank lines. Throws ExtractError with a
 * readable reason for a broken, encrypted or text-less file.
 */
export async function extractDocumentText(kind: DocumentKind, data: Buffer): Promise<string> {
  let text: string;
  try {
    text = await readText(kind, data);
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    if (/password/i.test(detail)) throw new ExtractError('passwordProtected');
    throw new ExtractError('broken', `${kind.toUpperCase()}: ${detail.slice(0, 200)}`);
  }
  const normalised = normaliseText(text);
  if (!/[\p{L}\p{N}]/u.test(normalised)) {
    // A PDF without a text layer is a scan (images only): it needs OCR, which we do not run.
    throw new ExtractError(kind === 'pdf' ? 'scannedPdf' : 'noText');
  }
  return normalised;
}

async function readText(kind: DocumentKind, data: Buffer): Promise<string> {
  if (kind === 'pdf') {
    const { text } = await extractPdfText(new Uint8Array(data), { mergePages: false });
    return text.join('\n\n');
  }
  if (kind === 'docx') {
    const result = await mammoth.extractRawText({ buffer: data });
    return result.value;
  }
  const doc = await new WordExtractor().extract(data);
  return doc.getBody();
}

/** Unifies line ends, drops control characters, trims lines, keeps paragraph breaks. */
export function normaliseText(text: string): string {
  return stripControlCharacters(text.replace(/\r\n?/g, '\n'), '\t\n')
    .split('\n')
    .map((l) => l.replace(/[ \t\u00a0\u3000]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
