/**
 * The text of a Word document (DOCX) read in one pass over each part's XML, without building a
 * tree of it (issue 38): a tree of a 10 MB document of dense text holds some 800,000 elements at
 * about a kilobyte each, 1.4 GiB of worker heap and 11 s of CPU, for text the knowledge base
 * reads once, in order. The part is well-formed here: text-extract.ts's shape check ran first.
 *
 * What is read: the main document's body, then its footnotes and endnotes, each paragraph
 * followed by a blank line. A run's text (`w:t`), tab (`w:tab`, "\t"), line and page breaks
 * (`w:br`, `w:cr`, "\n") and non-breaking hyphen in order; deleted text (`w:delText`), field codes
 * (`w:instrText`) and the fallback copy of alternate content (`mc:Fallback`, the same text box
 * again for older readers) are left out.
 */

const OFFICE_DOCUMENT = /\/officeDocument$/;
const NOTES = /\/(footnotes|endnotes)$/;

/** Tags, comments, processing instructions and CDATA, with what lies between them. */
const TOKEN =
  /<!--[\s\S]*?-->|<!\[CDATA\[([\s\S]*?)\]\]>|<\?[\s\S]*?\?>|<(\/?)([^\s/>]+)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;

const ENTITY = /&(?:#x([0-9a-fA-F]+)|#([0-9]+)|(lt|gt|amp|quot|apos));/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (whole, hex: string | undefined, dec: string | undefined, name: string | undefined) => {
    if (name) return NAMED[name] ?? whole;
    const code = hex ? Number.parseInt(hex, 16) : Number(dec);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** The text of one WordprocessingML part (a document, footnotes or endnotes), paragraphs apart. */
export function wordPartText(xml: string): string {
  const out: string[] = [];
  /** Inside a `w:t`: its text is collected. */
  let inText = false;
  /** Open `w:r` elements: a `w:tab` counts as text only inside a run (in `w:tabs` it is a stop). */
  let runs = 0;
  /** Open elements whose content is left out (`mc:Fallback`). */
  let skipped = 0;
  let last = 0;
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(xml); match; match = TOKEN.exec(xml)) {
    if (inText && skipped === 0 && match.index > last) out.push(decodeEntities(xml.slice(last, match.index)));
    last = TOKEN.lastIndex;
    const [, cdata, slash, name, attributes] = match;
    if (cdata !== undefined) {
      if (inText && skipped === 0) out.push(cdata);
      continue;
    }
    if (name === undefined) continue;
    const closing = slash === '/';
    const empty = !closing && attributes?.endsWith('/');
    if (name === 'mc:Fallback') {
      if (!empty) skipped += closing ? -1 : 1;
      continue;
    }
    if (skipped > 0) continue;
    switch (name) {
      case 'w:t':
        inText = !closing && !empty;
        break;
      case 'w:r':
        if (!empty) runs += closing ? -1 : 1;
        break;
      case 'w:p':
        if (closing || empty) out.push('\n\n');
        break;
      case 'w:tab':
        if (!closing && runs > 0) out.push('\t');
        break;
      case 'w:br':
      case 'w:cr':
        if (!closing) out.push('\n');
        break;
      case 'w:noBreakHyphen':
        if (!closing) out.push('-');
        break;
    }
  }
  return out.join('');
}

/** A package part's bytes by its name, undefined when the package has no such part. */
export type ReadPart = (name: string) => Buffer | undefined;

/**
 * The relationships of a part (`_rels/<name>.rels` beside it; the package's own for ''): type and
 * target, the target resolved to a part name.
 */
function relationships(readPart: ReadPart, part: string): { type: string; target: string }[] {
  const slash = part.lastIndexOf('/');
  const folder = part.slice(0, slash + 1);
  const rels = readPart(`${folder}_rels/${part.slice(slash + 1)}.rels`);
  if (!rels) return [];
  const xml = rels.toString('utf8');
  const found: { type: string; target: string }[] = [];
  for (const match of xml.matchAll(/<Relationship\b([^>]*)>/g)) {
    const attribute = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(match[1] ?? '')?.[1];
    const type = attribute('Type');
    const target = attribute('Target');
    if (!type || !target || attribute('TargetMode') === 'External') continue;
    found.push({ type, target: resolvePartName(folder, decodeEntities(target)) });
  }
  return found;
}

/** A relationship's target as a ZIP entry name: relative to the part's folder, or from the root. */
function resolvePartName(folder: string, target: string): string {
  const segments = target.startsWith('/') ? [] : folder.split('/').filter(Boolean);
  for (const segment of target.split('/')) {
    if (segment === '..') segments.pop();
    else if (segment && segment !== '.') segments.push(segment);
  }
  return segments.join('/');
}

/**
 * The text of a DOCX: its main document (found by the package's relationships, as Word does),
 * then its footnotes and endnotes. Throws when the package has no main document.
 */
export function readWordText(readPart: ReadPart): string {
  const main = relationships(readPart, '').find((r) => OFFICE_DOCUMENT.test(r.type))?.target ?? 'word/document.xml';
  const document = readPart(main);
  if (!document) throw new Error(`could not find the main document part (${main})`);
  const parts = [document];
  for (const r of relationships(readPart, main)) {
    const notes = NOTES.test(r.type) ? readPart(r.target) : undefined;
    if (notes) parts.push(notes);
  }
  return parts.map((part) => wordPartText(part.toString('utf8'))).join('');
}
