import { stripControlCharacters } from '../../../lib/control-characters';
import { scanXml } from '../../../lib/xml-scan';
import { readZipEntries, readZipEntry, type ZipEntry, ZipRejected } from '../../../storage/zip-inspect';
import { type ReadPart, readWordText } from './word-text';

/**
 * Why a document could not be read. The abnormal-reason column stores `key` or `key: detail`;
 * the screen translates the key (scannedPdf, noText, broken, passwordProtected, fileMissing,
 * fileUnreadable, tooComplex) and shows the technical detail after it.
 */
export type ExtractReason =
  | 'scannedPdf'
  | 'noText'
  | 'broken'
  | 'passwordProtected'
  | 'fileMissing'
  | 'fileUnreadable'
  | 'tooComplex';
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
 * What one document may cost to read. The DOCX reader (word-text.ts) reads each part in one pass,
 * but a small file of many tiny elements still costs more than a large one of plain text, and the
 * text of a part nested thousands deep says nothing: the element count and depth are checked
 * before it runs. A 10 MB DOCX of dense text has about 800,000 elements and 35 million characters.
 */
export interface ExtractLimits {
  maxXmlElements: number;
  maxXmlDepth: number;
  maxTextChars: number;
}
export const EXTRACT_LIMITS: ExtractLimits = {
  maxXmlElements: 1_000_000,
  maxXmlDepth: 200,
  maxTextChars: 50_000_000,
};

/**
 * Plain text of a document, paragraphs separated by blank lines. Throws ExtractError with a
 * readable reason for a broken, encrypted, text-less or too complex file. CPU-heavy: the server
 * runs it in a worker thread (parse-worker.ts), never on the event loop.
 */
export async function extractDocumentText(
  kind: DocumentKind,
  data: Buffer,
  limits: ExtractLimits = EXTRACT_LIMITS,
): Promise<string> {
  let text: string;
  try {
    text = await readText(kind, data, limits);
  } catch (err) {
    if (err instanceof ExtractError) throw err;
    const detail = err instanceof Error ? err.message : String(err);
    if (err instanceof RangeError && /call stack/i.test(detail))
      throw new ExtractError('tooComplex', 'nested too deeply');
    if (/password/i.test(detail)) throw new ExtractError('passwordProtected');
    throw new ExtractError('broken', `${kind.toUpperCase()}: ${detail.slice(0, 200)}`);
  }
  if (text.length > limits.maxTextChars) {
    throw new ExtractError('tooComplex', `more than ${limits.maxTextChars} characters of text`);
  }
  const normalised = normaliseText(text);
  if (!/[\p{L}\p{N}]/u.test(normalised)) {
    // A PDF without a text layer is a scan (images only): it needs OCR, which we do not run.
    throw new ExtractError(kind === 'pdf' ? 'scannedPdf' : 'noText');
  }
  return normalised;
}

/**
 * Counts the elements of the Word parts (document, notes, comments, headers) in one pass before
 * the reader reads them; refuses a part that is cut short or otherwise not well-formed. Returns
 * the package's parts by name for the reader, each inflated and checked once: a part the reader
 * reaches elsewhere than under word/ (the package's relationships may point anywhere) is checked
 * when it is first read, against what is left of the same budget, so the reader only ever reads
 * well-formed XML.
 */
function checkedDocxParts(data: Buffer, limits: ExtractLimits): ReadPart {
  let entries: ReturnType<typeof readZipEntries>;
  try {
    entries = readZipEntries(data);
  } catch (err) {
    throw new ExtractError('broken', `DOCX: ${err instanceof Error ? err.message : String(err)}`);
  }
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  const checked = new Map<string, Buffer>();
  let budget = limits.maxXmlElements;
  const check = (entry: ZipEntry): Buffer => {
    const known = checked.get(entry.name);
    if (known) return known;
    let xml: Buffer;
    try {
      xml = readZipEntry(data, entry);
    } catch (err) {
      if (err instanceof ZipRejected) throw new ExtractError('broken', `DOCX: ${entry.name}: ${err.message}`);
      throw err;
    }
    const shape = scanXml(xml, { maxElements: budget, maxDepth: limits.maxXmlDepth });
    if (shape.exceeded === 'elements') {
      throw new ExtractError('tooComplex', `more than ${limits.maxXmlElements} XML elements`);
    }
    if (shape.exceeded === 'depth') {
      throw new ExtractError('tooComplex', `XML nested deeper than ${limits.maxXmlDepth} levels`);
    }
    if (!shape.wellFormed) throw new ExtractError('broken', `DOCX: ${entry.name} is not well-formed XML`);
    budget -= shape.elements;
    checked.set(entry.name, xml);
    return xml;
  };
  for (const entry of entries) if (/^word\/.+\.xml$/i.test(entry.name)) check(entry);
  return (name) => {
    const entry = byName.get(name);
    return entry ? check(entry) : undefined;
  };
}

/**
 * The PDF and old Word readers are loaded by the first file that needs them: a parse worker boots
 * for every import and document, and most never read either.
 */
async function readText(kind: DocumentKind, data: Buffer, limits: ExtractLimits): Promise<string> {
  if (kind === 'docx') return readWordText(checkedDocxParts(data, limits));
  if (kind === 'pdf') {
    const { extractText } = await import('unpdf');
    const { text } = await extractText(new Uint8Array(data), { mergePages: false });
    return text.join('\n\n');
  }
  const { default: WordExtractor } = await import('word-extractor');
  const doc = await new WordExtractor().extract(data);
  return doc.getBody();
}

/**
 * Unifies line ends, drops control characters, collapses runs of spaces, trims every line, keeps
 * paragraph breaks. Whole-text passes rather than a split into lines: a 10 MB DOCX holds tens of
 * megabytes of text in some million lines.
 */
export function normaliseText(text: string): string {
  return (
    stripControlCharacters(text.replace(/\r\n?/g, '\n'), '\t\n')
      .replace(/[ \t\u00a0\u3000]+/g, ' ')
      // Trims each line: the white space (other than the break itself) on both sides of a break.
      .replace(/[^\S\n]*\n[^\S\n]*/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}
