import { isHeadingLine, nextNonEmpty } from '../../../integrations/llm/local-miner';

export interface Fragment {
  seq: number;
  heading: string | null;
  content: string;
  tokens: number;
}

/** ANCHORS §D: about 500–1000 tokens per fragment, a small overlap, split on headings first. */
export const CHUNK = { target: 800, min: 500, max: 1000, overlap: 80 };

/**
 * Rough token count: one per CJK character, ~1.3 per other word (what tokenisers average); a
 * word is a run of characters that are neither white space nor CJK. One pass over the code units
 * without building strings: splitting a 10 MB document counts tokens of tens of megabytes.
 */
export function countTokens(text: string): number {
  let cjk = 0;
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isCjk(c)) {
      cjk++;
      inWord = false;
    } else if (isWhiteSpace(c)) {
      inWord = false;
    } else if (!inWord) {
      words++;
      inWord = true;
    }
  }
  return cjk + Math.ceil(words * 1.3);
}

function isCjk(c: number): boolean {
  return (
    (c >= 0x3040 && c <= 0x30ff) ||
    (c >= 0x3400 && c <= 0x9fff) ||
    (c >= 0xf900 && c <= 0xfaff) ||
    (c >= 0xac00 && c <= 0xd7af)
  );
}

/** The white space of JavaScript's `\s` (and of String.prototype.trim). */
function isWhiteSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

interface Block {
  heading: string | null;
  text: string;
  tokens: number;
  isHeading: boolean;
}

/**
 * Splits text into fragments. Blocks are paragraphs (blank-line separated) and heading lines;
 * a new heading closes the current fragment once it has `min` tokens; a fragment never exceeds
 * `max` (over-long paragraphs are cut at sentence ends); the next fragment starts with the tail
 * of the previous one (`overlap` tokens) so an answer cut in two is still found whole.
 * Deterministic: the same text always gives the same fragments, which keeps re-runs idempotent.
 */
export function splitFragments(text: string): Fragment[] {
  const fragments: Fragment[] = [];
  let parts: string[] = [];
  let tokens = 0;
  /** Whether the open fragment holds only the overlap carried from the previous one. */
  let fresh = true;
  let heading: string | null = null;
  let fragmentHeading: string | null = null;
  const emit = () => {
    const content = parts.join('\n\n').trim();
    if (content && !fresh) {
      fragments.push({ seq: fragments.length + 1, heading: fragmentHeading, content, tokens: countTokens(content) });
    }
    return content;
  };
  const close = () => {
    const tail = overlapTail(emit());
    parts = tail ? [tail] : [];
    tokens = tail ? countTokens(tail) : 0;
    fresh = true;
    fragmentHeading = heading;
  };
  for (const block of toBlocks(text)) {
    if (block.isHeading) {
      if (tokens >= CHUNK.min) close();
      heading = block.text;
      if (fresh) fragmentHeading = heading;
    }
    if (tokens + block.tokens > CHUNK.max && !fresh) close();
    parts.push(block.text);
    tokens += block.tokens;
    fresh = false;
    if (tokens >= CHUNK.target && !block.isHeading) close();
  }
  emit();
  return fragments;
}

function toBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  const lines = text.split('\n');
  let paragraph: string[] = [];
  const flush = () => {
    const body = paragraph.join('\n').trim();
    paragraph = [];
    if (!body) return;
    for (const piece of cutLong(body))
      blocks.push({ heading: null, text: piece, tokens: countTokens(piece), isHeading: false });
  };
  const next = nextNonEmpty(lines);
  for (const [i, line] of lines.entries()) {
    if (!line.trim()) {
      flush();
      continue;
    }
    if (isHeadingLine(line, next[i]) && !/[?？]$/.test(line.trim())) {
      flush();
      blocks.push({ heading: line.trim(), text: line.trim(), tokens: countTokens(line), isHeading: true });
      continue;
    }
    paragraph.push(line);
  }
  flush();
  return blocks;
}

/** Cuts a paragraph longer than the maximum at sentence ends (or hard, as a last resort). */
function cutLong(text: string): string[] {
  if (countTokens(text) <= CHUNK.max) return [text];
  const sentences = text.match(/[^。！？.!?\n]+[。！？.!?\n]*/g) ?? [text];
  const out: string[] = [];
  let current = '';
  for (const s of sentences) {
    if (current && countTokens(current + s) > CHUNK.target) {
      out.push(current.trim());
      current = '';
    }
    if (countTokens(s) > CHUNK.max) {
      for (let i = 0; i < s.length; i += CHUNK.target) out.push(s.slice(i, i + CHUNK.target).trim());
      continue;
    }
    current += s;
  }
  if (current.trim()) out.push(current.trim());
  return out.filter(Boolean);
}

/** The last sentences of a fragment, up to the overlap budget. */
function overlapTail(content: string): string {
  const sentences = content.match(/[^。！？.!?\n]+[。！？.!?]*\n*/g) ?? [];
  let tail = '';
  for (let i = sentences.length - 1; i >= 0; i--) {
    const candidate = (sentences[i] ?? '') + tail;
    if (countTokens(candidate) > CHUNK.overlap) break;
    tail = candidate;
  }
  return tail.trim();
}
