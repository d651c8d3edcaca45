import type { ReactNode } from 'react';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The text with each literal occurrence of the searched words marked, as a flat list of strings
 * and marks. Call it as a function inside an ellipsed Typography: antd's ellipsis can only cut
 * strings, and a single element (such as `<Highlighted>`) would be cut to nothing but "…".
 * The server also finds a fragment by its segmented words, so some matches have nothing literal
 * to mark; that is fine.
 */
export function highlight(text: string, keyword: string): string | ReactNode[] {
  const words = keyword
    .trim()
    .split(/\s+/)
    .filter((w) => w.length > 0);
  if (!words.length) return text;
  const pattern = new RegExp(`(${words.map(escapeRegExp).join('|')})`, 'giu');
  const parts = text.split(pattern);
  // split() with one capturing group puts the matches at the odd indexes.
  return parts.map((part, i) =>
    i % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move
      <mark key={i}>{part}</mark>
    ) : (
      part
    ),
  );
}

/** `highlight` as a component, for text that is never ellipsed. */
export function Highlighted({ text, keyword }: { text: string; keyword: string }): ReactNode {
  return highlight(text, keyword);
}
