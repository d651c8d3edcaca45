/**
 * The small Markdown subset the console's own documents use. There is deliberately no node for
 * HTML or links: text is only ever text, so a `<script>` in a document can never become markup.
 */
export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'code'; text: string };

export type HeadingLevel = 1 | 2 | 3 | 4;

export type Block =
  | { type: 'heading'; level: HeadingLevel; id?: string; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'list'; ordered: boolean; items: Block[][] }
  | { type: 'quote'; children: Block[] }
  | { type: 'table'; head: Inline[][]; rows: Inline[][][] }
  | { type: 'code'; text: string };

/** The plain text of inline content, as a reader sees it (for search). */
export function inlineText(nodes: Inline[]): string {
  return nodes.map((n) => (n.type === 'text' || n.type === 'code' ? n.text : inlineText(n.children))).join('');
}

/** The plain text of blocks, one line per block, so a match never spans two paragraphs or cells. */
export function blockText(blocks: Block[]): string {
  const lines: string[] = [];
  for (const b of blocks) {
    switch (b.type) {
      case 'heading':
      case 'paragraph':
        lines.push(inlineText(b.children));
        break;
      case 'list':
        for (const item of b.items) lines.push(blockText(item));
        break;
      case 'quote':
        lines.push(blockText(b.children));
        break;
      case 'table':
        for (const row of [b.head, ...b.rows]) for (const cell of row) lines.push(inlineText(cell));
        break;
      case 'code':
        lines.push(b.text);
        break;
    }
  }
  return lines.join('\n');
}
