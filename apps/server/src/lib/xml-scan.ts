/**
 * One pass over XML bytes that counts elements and nesting depth and checks that every element
 * is closed by a tag of the same name, without building anything. Parsers of Office files build
 * a tree of the whole part (a few hundred bytes of memory per element) and some accept a part
 * cut short without complaint; this pass, run first, turns both into a clear answer.
 * Works on UTF-8 bytes: every byte it looks at is ASCII, and no multi-byte character contains one.
 */
export interface XmlShape {
  elements: number;
  maxDepth: number;
  /** Every element closed, by its own name, and one root; no DOCTYPE (Office XML never has one). */
  wellFormed: boolean;
  /** Which limit stopped the scan early, if any (the counts are then partial). */
  exceeded?: 'elements' | 'depth';
}

export interface XmlScanLimits {
  maxElements: number;
  maxDepth: number;
}

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;

function isNameEnd(byte: number): boolean {
  return byte === GT || byte === SLASH || byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;
}

function startsWith(bytes: Uint8Array, at: number, text: string): boolean {
  for (let k = 0; k < text.length; k++) if (bytes[at + k] !== text.charCodeAt(k)) return false;
  return true;
}

function indexOfText(bytes: Uint8Array, text: string, from: number): number {
  const first = text.charCodeAt(0);
  for (let i = bytes.indexOf(first, from); i >= 0; i = bytes.indexOf(first, i + 1)) {
    if (startsWith(bytes, i, text)) return i;
  }
  return -1;
}

export function scanXml(
  bytes: Uint8Array,
  limits: XmlScanLimits = { maxElements: Number.POSITIVE_INFINITY, maxDepth: Number.POSITIVE_INFINITY },
): XmlShape {
  /** Start and end offsets of the names of the open elements. */
  const open: number[] = [];
  let elements = 0;
  let maxDepth = 0;
  let roots = 0;
  const broken = (): XmlShape => ({ elements, maxDepth, wellFormed: false });
  let i = bytes.indexOf(LT);
  while (i >= 0) {
    const next = bytes[i + 1];
    if (next === BANG) {
      if (startsWith(bytes, i, '<!--')) {
        const end = indexOfText(bytes, '-->', i + 4);
        if (end < 0) return broken();
        i = bytes.indexOf(LT, end + 3);
      } else if (startsWith(bytes, i, '<![CDATA[')) {
        const end = indexOfText(bytes, ']]>', i + 9);
        if (end < 0) return broken();
        i = bytes.indexOf(LT, end + 3);
      } else {
        return broken(); // a DOCTYPE: entity declarations have no place in an Office part
      }
      continue;
    }
    if (next === QUESTION) {
      const end = indexOfText(bytes, '?>', i + 2);
      if (end < 0) return broken();
      i = bytes.indexOf(LT, end + 2);
      continue;
    }
    const closing = next === SLASH;
    const nameStart = closing ? i + 2 : i + 1;
    let j = nameStart;
    while (j < bytes.length && !isNameEnd(bytes[j] as number)) j++;
    const nameEnd = j;
    if (nameEnd === nameStart) return broken();
    // To the end of the tag; a quoted attribute value may hold '>'.
    let quote = 0;
    for (; j < bytes.length; j++) {
      const b = bytes[j] as number;
      if (quote) {
        if (b === quote) quote = 0;
      } else if (b === QUOTE || b === APOSTROPHE) quote = b;
      else if (b === GT) break;
    }
    if (j >= bytes.length) return broken();
    if (closing) {
      const endOfOpen = open.pop();
      const startOfOpen = open.pop();
      if (startOfOpen === undefined || endOfOpen === undefined) return broken();
      if (endOfOpen - startOfOpen !== nameEnd - nameStart) return broken();
      for (let k = 0; k < nameEnd - nameStart; k++) {
        if (bytes[startOfOpen + k] !== bytes[nameStart + k]) return broken();
      }
    } else {
      if (open.length === 0 && ++roots > 1) return broken();
      elements++;
      if (elements > limits.maxElements) return { elements, maxDepth, wellFormed: false, exceeded: 'elements' };
      if (bytes[j - 1] !== SLASH) {
        open.push(nameStart, nameEnd);
        const depth = open.length / 2;
        if (depth > maxDepth) maxDepth = depth;
        if (depth > limits.maxDepth) return { elements, maxDepth, wellFormed: false, exceeded: 'depth' };
      }
    }
    i = bytes.indexOf(LT, j + 1);
  }
  return { elements, maxDepth, wellFormed: open.length === 0 && roots === 1 };
}
