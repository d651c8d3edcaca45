import type { Inline } from './markdown-ast';

/** Characters a backslash may escape, as in CommonMark's ASCII punctuation. */
const ESCAPABLE = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/;

/**
 * Inline Markdown: `**strong**`, `*emphasis*`, `` `code` `` and backslash escapes. Everything else,
 * angle brackets included, stays literal text. A marker without its closing partner is text too.
 */
export function parseInline(source: string): Inline[] {
  const out: Inline[] = [];
  let text = '';
  const flush = () => {
    if (text) out.push({ type: 'text', text });
    text = '';
  };
  let i = 0;
  while (i < source.length) {
    const ch = source[i] ?? '';
    const next = source[i + 1] ?? '';
    if (ch === '\\' && ESCAPABLE.test(next)) {
      text += next;
      i += 2;
      continue;
    }
    if (ch === '`') {
      const end = source.indexOf('`', i + 1);
      if (end > i + 1) {
        flush();
        out.push({ type: 'code', text: source.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    }
    if (ch === '*' && next === '*') {
      const end = closing(source, '**', i + 2);
      if (end > i + 2) {
        flush();
        out.push({ type: 'strong', children: parseInline(source.slice(i + 2, end)) });
        i = end + 2;
        continue;
      }
    } else if (ch === '*' && next !== ' ' && next !== '') {
      const end = closing(source, '*', i + 1);
      if (end > i + 1) {
        flush();
        out.push({ type: 'em', children: parseInline(source.slice(i + 1, end)) });
        i = end + 1;
        continue;
      }
    }
    text += ch;
    i += 1;
  }
  flush();
  return out;
}

/** Index of the closing marker after `from`, skipping escaped characters and code spans; -1 if none. */
function closing(source: string, marker: string, from: number): number {
  let i = from;
  while (i < source.length) {
    const ch = source[i];
    if (ch === '\\') {
      i += 2;
      continue;
    }
    if (ch === '`') {
      const end = source.indexOf('`', i + 1);
      if (end > i) {
        i = end + 1;
        continue;
      }
    }
    if (source.startsWith(marker, i)) {
      // `***` closing `**bold *em***`: the emphasis inside takes the first star.
      if (marker === '**' && source[i + 2] === '*') return i + 1;
      // A single `*` must not take the first half of a `**` as its partner.
      if (marker === '*' && source[i + 1] === '*') {
        const inner = closing(source, '**', i + 2);
        if (inner > 0) {
          i = inner + 2;
          continue;
        }
      }
      return i;
    }
    i += 1;
  }
  return -1;
}
