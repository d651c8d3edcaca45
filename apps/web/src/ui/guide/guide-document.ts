import { matchesText, type TextQuery } from '../markdown/highlight';
import { type Block, blockText, type Inline, inlineText } from '../markdown/markdown-ast';
import { parseMarkdown } from '../markdown/parse-markdown';

export interface GuideSection {
  /** The heading's `{#id}`: the same in every language, so anchors and tests do not depend on wording. */
  id: string;
  title: Inline[];
  blocks: Block[];
  /** Title and body as plain text: what the search looks in. */
  text: string;
}

export interface GuideDocument {
  title: string;
  intro: Block[];
  sections: GuideSection[];
}

/**
 * A guide is one Markdown document: a `#` title, an introduction, then one section per `##`
 * heading (its `###` subsections stay inside it). A `##` without an `{#id}` is numbered instead.
 */
export function toGuideDocument(source: string): GuideDocument {
  const blocks = parseMarkdown(source);
  let title = '';
  const intro: Block[] = [];
  const sections: GuideSection[] = [];
  for (const block of blocks) {
    if (block.type === 'heading' && block.level === 1 && !title) {
      title = inlineText(block.children);
    } else if (block.type === 'heading' && block.level <= 2) {
      const id = block.id ?? `section-${sections.length + 1}`;
      sections.push({ id, title: block.children, blocks: [], text: '' });
    } else {
      const current = sections.at(-1);
      if (current) current.blocks.push(block);
      else intro.push(block);
    }
  }
  for (const s of sections) s.text = `${inlineText(s.title)}\n${blockText(s.blocks)}`;
  return { title, intro, sections };
}

export function matchingSections(doc: GuideDocument, query: TextQuery | null): GuideSection[] {
  return query ? doc.sections.filter((s) => matchesText(query, s.text)) : doc.sections;
}
