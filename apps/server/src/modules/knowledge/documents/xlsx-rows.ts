import { scanXml } from '../../../lib/xml-scan';
import { readZipEntries, readZipEntry, type ZipEntry } from '../../../storage/zip-inspect';
import type { SheetCell, SheetRow } from './qa-sheet';

/**
 * The rows of an XLSX workbook's first worksheet, read in one pass over each part's text (no tree,
 * no per-character callbacks). It replaced ExcelJS's stream reader (issue 38: loading and
 * SAX-parsing with it was most of a QA import's time) and gives the same rows for every workbook
 * a spreadsheet program writes. The parts are assumed well-formed: `checkXlsxShape` scans every
 * `xl/*.xml` part first, and a part outside that check is scanned here.
 *
 * "First worksheet" is ExcelJS's, not the first tab of xl/workbook.xml: ExcelJS went through the
 * zip entries in the order they are stored and took the first entry named like
 * `xl/worksheets/sheetN.xml`, except that a worksheet met before both `xl/sharedStrings.xml` and
 * `xl/_rels/workbook.xml.rels` was put aside until the end of the archive, while one met after both
 * was taken at once. The tab order in xl/workbook.xml played no part. Excel stores sheetN.xml in tab
 * order and the shared strings after the worksheets, so in practice this is the first tab.
 *
 * Cell values are the text ExcelJS's value turned into (styles ignored, so a date is its serial
 * number): shared and inline strings as written (`_xHHHH_` escapes kept, `xml:space` not needed:
 * text is never trimmed), numbers as `String(parseFloat(v))`, booleans `true`/`false`, errors
 * empty, any cell with a formula `{ formula: true }`. Where ExcelJS misread valid XML this reader
 * follows the XML instead: the phonetic reading (`<rPh>`) of a string is not part of it, every run
 * of an inline rich string is, `t="str"`/inline text is decoded once (ExcelJS decoded it twice), a
 * row or cell without its reference follows the previous one (ExcelJS refused the file, as it did a
 * row with `s="0"`), a multi-byte character is never split at a 16 KiB chunk boundary, and shared
 * strings stored last in the archive are read (ExcelJS could lose them). Each is in the tests.
 */

/** More non-empty rows than the caller allowed: the sheet is refused without reading further. */
export class TooManyXlsxRows extends Error {}

/** Thrown for a workbook this reader cannot take (the caller reports it as unreadable). */
export class UnreadableXlsx extends Error {}

/** ExcelJS's own test for a worksheet part (unanchored, as it was). */
const WORKSHEET_PART = /xl\/worksheets\/sheet(\d+)[.]xml/;
const SHARED_STRINGS_PART = 'xl/sharedStrings.xml';
const WORKBOOK_RELS_PART = 'xl/_rels/workbook.xml.rels';
const WORKBOOK_PART = 'xl/workbook.xml';
/** The parts `checkXlsxShape` has already scanned. */
const CHECKED_PART = /^xl\/.+\.xml$/i;

/** Maximum number of columns in a worksheet (XFD). */
const MAX_COLUMN = 16384;

export function readXlsxRows(data: Buffer, columns: number, maxNonEmpty: number): SheetRow[] {
  // Stream order: the order of the local headers, which a streaming unzip meets one by one.
  const entries = readZipEntries(data).sort((a, b) => a.localHeaderOffset - b.localHeaderOffset);
  let sharedStrings: string[] | undefined;
  let relTargets: string[] | undefined;
  let workbookSeen = false;
  let putAside: { entry: ZipEntry; sheetNo: string } | undefined;
  let chosen: { entry: ZipEntry; sheetNo: string; sharedStrings: string[] | undefined } | undefined;
  for (const entry of entries) {
    if (entry.name === WORKBOOK_RELS_PART) relTargets = relationshipTargets(partText(data, entry));
    else if (entry.name === WORKBOOK_PART) workbookSeen = true;
    else if (entry.name === SHARED_STRINGS_PART) sharedStrings = readSharedStrings(partText(data, entry));
    else {
      const sheetNo = WORKSHEET_PART.exec(entry.name)?.[1];
      if (sheetNo === undefined) continue;
      if (sharedStrings && relTargets) {
        chosen = { entry, sheetNo, sharedStrings };
        break;
      }
      putAside ??= { entry, sheetNo };
    }
  }
  if (!chosen && putAside) chosen = { ...putAside, sharedStrings };
  if (!chosen) return [];
  // ExcelJS looked the sheet up in xl/workbook.xml for its name, and failed when the relationships
  // named it but the workbook part had not been read (yet): such an archive stays refused.
  if (!workbookSeen && relTargets?.includes(`worksheets/sheet${chosen.sheetNo}.xml`)) {
    throw new UnreadableXlsx('worksheet before xl/workbook.xml');
  }
  return readWorksheet(partText(data, chosen.entry), chosen.sharedStrings, columns, maxNonEmpty);
}

function partText(data: Buffer, entry: ZipEntry): string {
  const bytes = readZipEntry(data, entry);
  if (!CHECKED_PART.test(entry.name) && !scanXml(bytes, { maxElements: 5_000_000, maxDepth: 100 }).wellFormed) {
    throw new UnreadableXlsx(`${entry.name} is not well-formed XML`);
  }
  return withoutMarkup(bytes.toString('utf8'));
}

/**
 * The part with comments and processing instructions removed and CDATA sections turned into
 * escaped text, so that every `<` left starts an element tag. Office parts have none of them, and
 * are returned as they are.
 */
function withoutMarkup(xml: string): string {
  if (xml.search(/<!|<\?(?!xml[\s?])/) < 0) return xml;
  return xml.replace(/<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[([\s\S]*?)\]\]>/g, (_, cdata?: string) =>
    cdata === undefined ? '' : cdata.replace(/&/g, '&amp;').replace(/</g, '&lt;'),
  );
}

const ENTITY = /&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z][\w.-]*)?(;?)/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Character data as an XML parser gives it: line ends normalised, then references decoded. */
function decodeText(raw: string): string {
  const text = raw.includes('\r') ? raw.replace(/\r\n?/g, '\n') : raw;
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (_, ref: string | undefined, semicolon: string) => {
    if (!ref || !semicolon) throw new UnreadableXlsx('bare & in text');
    if (ref[0] !== '#') {
      const named = Object.hasOwn(NAMED, ref) ? NAMED[ref] : undefined;
      if (named === undefined) throw new UnreadableXlsx(`undefined entity &${ref};`);
      return named;
    }
    const code = ref[1] === 'x' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
    const isChar =
      code === 0x9 ||
      code === 0xa ||
      code === 0xd ||
      (code >= 0x20 && code <= 0xd7ff) ||
      (code >= 0xe000 && code <= 0xfffd) ||
      (code >= 0x10000 && code <= 0x10ffff);
    if (!isChar) throw new UnreadableXlsx(`invalid character reference &${ref};`);
    return String.fromCodePoint(code);
  });
}

/**
 * The element tags of a part, one after another, without allocating per tag: after `next()`,
 * `closing`, `selfClosing`, the name (`is(name)`) and `end` (just past the `>`) describe the tag,
 * and moving `pos` skips content. A quoted attribute value may hold `>`.
 */
class Tags {
  pos = 0;
  end = 0;
  closing = false;
  selfClosing = false;
  private nameStart = 0;
  private nameEnd = 0;

  constructor(readonly xml: string) {}

  next(): boolean {
    const xml = this.xml;
    const lt = xml.indexOf('<', this.pos);
    if (lt < 0) return false;
    let i = lt + 1;
    this.closing = xml.charCodeAt(i) === SLASH;
    if (this.closing) i++;
    this.nameStart = i;
    for (let ch = xml.charCodeAt(i); i < xml.length && !isNameEnd(ch); ch = xml.charCodeAt(++i));
    this.nameEnd = i;
    let quote = 0;
    for (; i < xml.length; i++) {
      const ch = xml.charCodeAt(i);
      if (quote) {
        if (ch === quote) quote = 0;
      } else if (ch === QUOTE || ch === APOSTROPHE) quote = ch;
      else if (ch === GT) break;
    }
    if (i >= xml.length) throw new UnreadableXlsx('a tag is not closed');
    this.selfClosing = !this.closing && xml.charCodeAt(i - 1) === SLASH;
    this.end = i + 1;
    this.pos = i + 1;
    return true;
  }

  is(name: string): boolean {
    return this.nameEnd - this.nameStart === name.length && this.xml.startsWith(name, this.nameStart);
  }

  /** The value of the attribute `name` of the current tag, decoded. */
  attribute(name: string): string | undefined {
    const xml = this.xml;
    for (let at = xml.indexOf(name, this.nameEnd); at >= 0 && at < this.end; at = xml.indexOf(name, at + 1)) {
      if (!isSpace(xml.charCodeAt(at - 1))) continue;
      let i = at + name.length;
      while (isSpace(xml.charCodeAt(i))) i++;
      if (xml.charCodeAt(i) !== EQUALS) continue;
      i++;
      while (isSpace(xml.charCodeAt(i))) i++;
      const quote = xml.charCodeAt(i);
      if (quote !== QUOTE && quote !== APOSTROPHE) continue;
      const close = xml.indexOf(quote === QUOTE ? '"' : "'", i + 1);
      if (close < 0 || close >= this.end) return undefined;
      return decodeText(xml.slice(i + 1, close));
    }
    return undefined;
  }
}

const SLASH = 0x2f;
const GT = 0x3e;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;
const EQUALS = 0x3d;

function isSpace(ch: number): boolean {
  return ch === 0x20 || ch === 0x09 || ch === 0x0a || ch === 0x0d;
}

function isNameEnd(ch: number): boolean {
  return ch === GT || ch === SLASH || isSpace(ch);
}

/** The end of the element whose content starts at `from`: the index of its closing tag. */
function closeOf(xml: string, name: string, from: number): number {
  const at = xml.indexOf(`</${name}>`, from);
  if (at < 0) throw new UnreadableXlsx(`<${name}> is not closed`);
  return at;
}

/** Targets of xl/_rels/workbook.xml.rels, as written. */
function relationshipTargets(xml: string): string[] {
  const targets: string[] = [];
  const tags = new Tags(xml);
  while (tags.next()) {
    if (tags.closing || !tags.is('Relationship')) continue;
    const target = tags.attribute('Target');
    if (target !== undefined) targets.push(target);
  }
  return targets;
}

/** Each `<si>` of the shared strings part. */
function readSharedStrings(xml: string): string[] {
  const strings: string[] = [];
  const tags = new Tags(xml);
  while (tags.next()) {
    if (tags.closing || !tags.is('si')) continue;
    if (tags.selfClosing) {
      strings.push('');
      continue;
    }
    const end = closeOf(xml, 'si', tags.end);
    strings.push(richText(xml, tags.end, end));
    tags.pos = end + 5;
  }
  return strings;
}

/**
 * The text of a string item (`<si>` or `<is>`) from `start` to `end`: its `<t>` texts in order,
 * plain or in rich-text runs, without the phonetic runs (`<rPh>`, a reading shown above the text).
 */
function richText(xml: string, start: number, end: number): string {
  const tags = new Tags(xml);
  tags.pos = start;
  let text = '';
  while (tags.next() && tags.end <= end) {
    if (tags.closing || tags.selfClosing) continue;
    if (tags.is('rPh')) tags.pos = closeOf(xml, 'rPh', tags.end) + 6;
    else if (tags.is('t')) {
      const close = closeOf(xml, 't', tags.end);
      text += decodeText(xml.slice(tags.end, close));
      tags.pos = close + 4;
    }
  }
  return text;
}

/**
 * The column of a cell reference, read as ExcelJS read it: capital letters before the row number,
 * `$` signs skipped (and anything else, up to the row number).
 */
function columnOf(ref: string): number {
  let column = 0;
  let hasColumn = false;
  let hasRow = false;
  for (let i = 0; i < ref.length; i++) {
    const ch = ref.charCodeAt(i);
    if (!hasRow && ch >= 65 && ch <= 90) {
      hasColumn = true;
      column = column * 26 + ch - 64;
    } else if (ch >= 48 && ch <= 57) hasRow = true;
    else if (hasRow && hasColumn && ch !== 36) break;
  }
  // ExcelJS refused both (an invalid address).
  if (!hasColumn || column > MAX_COLUMN) throw new UnreadableXlsx(`invalid cell reference ${ref}`);
  return column;
}

interface OpenCell {
  column: number;
  type: string | undefined;
  formula: boolean;
  /** The text of its `<v>` (or `<is>`), null when it has neither. */
  raw: string | null;
}

function cellValue(cell: OpenCell, sharedStrings: string[] | undefined): SheetCell {
  if (cell.formula) return { formula: true };
  const raw = cell.raw ?? '';
  switch (cell.type) {
    case 's':
      // Without a shared strings part ExcelJS gave a reference object, which read as empty.
      return { text: sharedStrings?.[Number.parseInt(raw, 10)] ?? '' };
    case 'inlineStr':
    case 'str':
      return { text: raw };
    case 'e':
      return { text: '' };
    case 'b':
      return { text: String(Number.parseInt(raw, 10) !== 0) };
    default:
      // 'n', 'd' and anything else: ExcelJS took the number (a 'd' ISO date gives its year).
      return { text: String(Number.parseFloat(raw)) };
  }
}

function readWorksheet(
  xml: string,
  sharedStrings: string[] | undefined,
  columns: number,
  maxNonEmpty: number,
): SheetRow[] {
  const rows: SheetRow[] = [];
  let nonEmpty = 0;
  let inSheetData = false;
  let row: SheetRow | undefined;
  let rowNumber = 0;
  let column = 0;
  let cell: OpenCell | undefined;

  const endRow = (done: SheetRow) => {
    if (done.cells.some((c) => 'formula' in c || c.text.trim() !== '')) nonEmpty++;
    if (nonEmpty > maxNonEmpty) throw new TooManyXlsxRows();
    rows.push(done);
  };
  const endCell = (done: OpenCell) => {
    // A cell without a value or formula leaves whatever its column held.
    if (row && done.column <= columns && (done.formula || done.raw !== null)) {
      row.cells[done.column - 1] = cellValue(done, sharedStrings);
    }
  };

  const tags = new Tags(xml);
  while (tags.next()) {
    if (tags.closing) {
      if (tags.is('sheetData')) inSheetData = false;
      else if (tags.is('row')) {
        if (row) endRow(row);
        row = undefined;
      } else if (tags.is('c')) {
        if (cell) endCell(cell);
        cell = undefined;
      }
      continue;
    }
    const selfClosing = tags.selfClosing;
    if (tags.is('c')) {
      if (!row) continue;
      const ref = tags.attribute('r');
      column = ref === undefined ? column + 1 : columnOf(ref);
      cell = selfClosing ? undefined : { column, type: tags.attribute('t'), formula: false, raw: null };
    } else if (tags.is('v') || tags.is('t')) {
      // (a bare <t> in a cell is taken as its value, as ExcelJS did)
      if (selfClosing) {
        if (cell) cell.raw = '';
        continue;
      }
      const name = tags.is('v') ? 'v' : 't';
      const close = closeOf(xml, name, tags.end);
      if (cell) cell.raw = decodeText(xml.slice(tags.end, close));
      tags.pos = close + 4;
    } else if (tags.is('row')) {
      if (!inSheetData) continue;
      const r = Number.parseInt(tags.attribute('r') ?? '', 10);
      rowNumber = Number.isNaN(r) ? rowNumber + 1 : r;
      column = 0;
      cell = undefined;
      const cells: SheetCell[] = [];
      for (let c = 0; c < columns; c++) cells.push({ text: '' });
      row = { row: rowNumber, cells };
      if (selfClosing) {
        endRow(row);
        row = undefined;
      }
    } else if (tags.is('f')) {
      if (cell) cell.formula = true;
      if (!selfClosing) tags.pos = closeOf(xml, 'f', tags.end) + 4;
    } else if (tags.is('is')) {
      if (selfClosing) {
        if (cell) cell.raw = '';
        continue;
      }
      const close = closeOf(xml, 'is', tags.end);
      if (cell) cell.raw = richText(xml, tags.end, close);
      tags.pos = close + 5;
    } else if (tags.is('sheetData')) inSheetData = !selfClosing;
  }
  return rows;
}
