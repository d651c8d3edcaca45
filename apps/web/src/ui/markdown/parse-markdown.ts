import type { Block, HeadingLevel, Inline } from './markdown-ast';
import { parseInline } from './parse-inline';

const HEADING = /^(#{1,4})\s+(.*?)(?:\s+\{#([a-z0-9][a-z0-9-]*)\})?\s*$/;
const LIST_ITEM = /^([-*]|\d{1,9}[.)])\s+(.*)$/;
const FENCE = /^(`{3,})/;
const TABLE_SEPARATOR = /^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;

/**
 * Block Markdown: headings (`#` to `####`, with an optional stable `{#id}`), paragraphs, `-` and
 * `1.` lists (nested by indenting), `>` quotes, pipe tables and fenced code. Raw HTML is not a
 * block here: a line such as `<script>` is an ordinary paragraph of text.
 */
export function parseMarkdown(source: string): Block[] {
  return parseLines(source.replace(/\r\n?/g, '\n').split('\n'));
}

function parseLines(lines: string[]): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (!line.trim()) {
      i += 1;
      continue;
    }
    const fence = FENCE.exec(line.trim());
    if (fence?.[1]) {
      const body: string[] = [];
      i += 1;
      while (i < lines.length && !(lines[i] ?? '').trim().startsWith(fence[1])) body.push(lines[i++] ?? '');
      blocks.push({ type: 'code', text: body.join('\n') });
      i += 1;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading?.[1]) {
      const level = heading[1].length as HeadingLevel;
      blocks.push({ type: 'heading', level, children: parseInline(heading[2] ?? ''), ...idOf(heading[3]) });
      i += 1;
      continue;
    }
    if (line.startsWith('>')) {
      const body: string[] = [];
      while (i < lines.length && (lines[i] ?? '').startsWith('>')) body.push((lines[i++] ?? '').replace(/^> ?/, ''));
      blocks.push({ type: 'quote', children: parseLines(body) });
      continue;
    }
    if (line.trimStart().startsWith('|') && TABLE_SEPARATOR.test((lines[i + 1] ?? '').trim())) {
      const head = cells(line);
      const rows: Inline[][][] = [];
      i += 2;
      while (i < lines.length && (lines[i] ?? '').trimStart().startsWith('|')) rows.push(cells(lines[i++] ?? ''));
      blocks.push({ type: 'table', head, rows });
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item?.[1]) {
      const { block, next } = parseList(lines, i, /\d/.test(item[1]));
      blocks.push(block);
      i = next;
      continue;
    }
    // Not named `text`: the web build marks calls on that name pure (the contracts' `text()`), and
    // would drop a bare `text.push(...)`.
    const paragraph: string[] = [];
    while (i < lines.length && continuesParagraph(lines[i] ?? '')) paragraph.push((lines[i++] ?? '').trim());
    blocks.push({ type: 'paragraph', children: parseInline(paragraph.join(' ')) });
  }
  return blocks;
}

function idOf(id: string | undefined): { id?: string } {
  return id ? { id } : {};
}

/** A paragraph runs until a blank line or a line that starts another block. */
function continuesParagraph(line: string): boolean {
  if (!line.trim()) return false;
  return !(HEADING.test(line) || LIST_ITEM.test(line) || line.startsWith('>') || FENCE.test(line.trim()));
}

/**
 * One list starting at `start`: each item is its marker line plus the indented lines after it,
 * parsed again as blocks (so an indented list nests). Blank lines between items keep the list.
 */
function parseList(lines: string[], start: number, ordered: boolean): { block: Block; next: number } {
  const items: Block[][] = [];
  let i = start;
  while (i < lines.length) {
    const marker = LIST_ITEM.exec(lines[i] ?? '');
    if (!marker?.[1] || /\d/.test(marker[1]) !== ordered) break;
    const body = [marker[2] ?? ''];
    i += 1;
    while (i < lines.length) {
      const line = lines[i] ?? '';
      if (/^\s{2,}\S/.test(line)) {
        body.push(line.replace(/^\s{2,4}/, ''));
        i += 1;
      } else if (!line.trim() && /^\s{2,}\S/.test(lines[i + 1] ?? '')) {
        body.push('');
        i += 1;
      } else break;
    }
    items.push(parseLines(body));
    // A blank line followed by another item of the same list keeps the list going.
    if (!(lines[i] ?? '').trim() && LIST_ITEM.test(lines[i + 1] ?? '')) i += 1;
  }
  return { block: { type: 'list', ordered, items }, next: i };
}

/** The cells of a pipe-table row; `\|` is a literal bar inside a cell. */
function cells(row: string): Inline[][] {
  const trimmed = row
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '');
  return trimmed.split(/(?<!\\)\|/).map((cell) => parseInline(cell.trim().replace(/\\\|/g, '|')));
}
