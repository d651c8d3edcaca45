import { Fragment, type ReactNode } from 'react';
import { matchRanges, splitByRanges, type TextQuery } from './highlight';
import { type Block, type Inline, inlineText } from './markdown-ast';
import { parseMarkdown } from './parse-markdown';
import './markdown.css';

/** Occurrences of the query to mark with `<mark>`; null marks nothing. */
type Query = TextQuery | null;

/**
 * Renders parsed Markdown as React elements. Every piece of text becomes a React text child, which
 * React escapes: nothing from a document is ever inserted as HTML.
 */
export function MarkdownBlocks({ blocks, query = null }: { blocks: Block[]; query?: Query }) {
  return <>{renderBlocks(blocks, query)}</>;
}

/** Inline content alone, e.g. a heading's text in a table of contents. */
export function MarkdownInline({ nodes, query = null }: { nodes: Inline[]; query?: Query }) {
  return <>{renderInlineRoot(nodes, query)}</>;
}

/** Parses and renders a Markdown source in one step. */
export function Markdown({ source, query = null }: { source: string; query?: Query }) {
  return <MarkdownBlocks blocks={parseMarkdown(source)} query={query} />;
}

function renderBlocks(blocks: Block[], query: Query): ReactNode[] {
  // biome-ignore lint/suspicious/noArrayIndexKey: a document's blocks have no identity but their place
  return blocks.map((block, index) => <Fragment key={index}>{renderBlock(block, query)}</Fragment>);
}

function renderBlock(block: Block, query: Query): ReactNode {
  switch (block.type) {
    case 'heading': {
      const Tag = `h${block.level}` as const;
      return <Tag>{renderInlineRoot(block.children, query)}</Tag>;
    }
    case 'paragraph':
      return <p>{renderInlineRoot(block.children, query)}</p>;
    case 'list': {
      const items = block.items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a document's items have no identity but their place
        <li key={i}>{renderItem(item, query)}</li>
      ));
      return block.ordered ? <ol>{items}</ol> : <ul>{items}</ul>;
    }
    case 'quote':
      return <blockquote>{renderBlocks(block.children, query)}</blockquote>;
    case 'table':
      return (
        <div className="markdown-table">
          <table>
            <thead>
              <tr>{renderCells(block.head, 'th', query)}</tr>
            </thead>
            <tbody>
              {block.rows.map((row, r) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are identified by position
                <tr key={r}>{renderCells(row, 'td', query)}</tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case 'code':
      return (
        <pre>
          <code>{marked(block.text, { ranges: matchRanges(block.text, query), at: 0 })}</code>
        </pre>
      );
  }
}

function renderCells(cells: Inline[][], Tag: 'th' | 'td', query: Query): ReactNode[] {
  // biome-ignore lint/suspicious/noArrayIndexKey: columns are identified by position
  return cells.map((cell, i) => <Tag key={i}>{renderInlineRoot(cell, query)}</Tag>);
}

/** A list item that is one paragraph renders without the `<p>`, so tight lists stay tight. */
function renderItem(item: Block[], query: Query): ReactNode {
  const [first, ...rest] = item;
  if (first?.type !== 'paragraph') return renderBlocks(item, query);
  return (
    <>
      {renderInlineRoot(first.children, query)}
      {renderBlocks(rest, query)}
    </>
  );
}

/** Where a run of inline content is in its matches: the ranges of the whole run, and the offset reached. */
interface InlineCursor {
  ranges: [number, number][];
  at: number;
}

/**
 * One run of inline content (a paragraph, a cell, a heading). Matches are found in the run's whole
 * text, so a phrase that spans `**bold**` and plain text is marked in both.
 */
function renderInlineRoot(nodes: Inline[], query: Query): ReactNode[] {
  return renderInline(nodes, { ranges: matchRanges(inlineText(nodes), query), at: 0 });
}

function renderInline(nodes: Inline[], cursor: InlineCursor): ReactNode[] {
  // biome-ignore lint/suspicious/noArrayIndexKey: inline pieces have no identity but their place
  return nodes.map((node, index) => <Fragment key={index}>{renderInlineNode(node, cursor)}</Fragment>);
}

function renderInlineNode(node: Inline, cursor: InlineCursor): ReactNode {
  switch (node.type) {
    case 'text':
      return marked(node.text, cursor);
    case 'code':
      return <code>{marked(node.text, cursor)}</code>;
    case 'strong':
      return <strong>{renderInline(node.children, cursor)}</strong>;
    case 'em':
      return <em>{renderInline(node.children, cursor)}</em>;
  }
}

/** The text, with its part of the run's matches marked; moves the cursor past it. */
function marked(text: string, cursor: InlineCursor): ReactNode {
  const at = cursor.at;
  cursor.at += text.length;
  if (!cursor.ranges.length) return text;
  return splitByRanges(text, at, cursor.ranges).map((piece, i) =>
    // biome-ignore lint/suspicious/noArrayIndexKey: pieces of one string, in order
    piece.match ? <mark key={i}>{piece.text}</mark> : piece.text,
  );
}
