/**
 * Reasoning models (DeepSeek-R1, QwQ, Qwen3 and their servers) write their thinking into the
 * reply as `<think>…</think>`. That is not for customers, so it is cut out, as the reply streams:
 * a tag may arrive split over pieces (`<thi` + `nk>`), so a piece ending in what could be the
 * start of a tag is held back until the next piece settles it.
 *
 * - Tags match case-insensitively (`<THINK>`).
 * - A block never closed drops everything after `<think>` (the model ran out mid-thought).
 * - A stray `</think>` (some servers leave out the opening tag) is dropped by itself.
 * - The blank lines after a block are dropped, so a reply does not start with them.
 */
const OPEN = '<think>';
const CLOSE = '</think>';
const TAG = /<think>|<\/think>/i;
const CLOSE_TAG = /<\/think>/i;

export class ThinkFilter {
  private inside = false;
  /** The held-back end of the last piece: possibly the start of a tag. */
  private pending = '';
  /** Right after a block: leading whitespace is dropped until the answer starts. */
  private afterBlock = false;

  /** The visible text this piece releases (may be empty, or include held-back text). */
  push(piece: string): string {
    let text = this.pending + piece;
    this.pending = '';
    let out = '';
    while (text) {
      if (this.inside) {
        const close = CLOSE_TAG.exec(text);
        if (!close) {
          this.pending = text.slice(text.length - heldBack(text, [CLOSE]));
          return out;
        }
        text = text.slice(close.index + CLOSE.length);
        this.inside = false;
        this.afterBlock = true;
        continue;
      }
      const tag = TAG.exec(text);
      if (!tag) {
        const keep = heldBack(text, [OPEN, CLOSE]);
        out += this.visible(text.slice(0, text.length - keep));
        this.pending = text.slice(text.length - keep);
        return out;
      }
      out += this.visible(text.slice(0, tag.index));
      const opening = tag[0].length === OPEN.length;
      text = text.slice(tag.index + tag[0].length);
      if (opening) this.inside = true;
      else this.afterBlock = true;
    }
    return out;
  }

  /** At the end of the reply: held-back text that turned out not to be a tag; nothing inside a block. */
  end(): string {
    const rest = this.inside ? '' : this.visible(this.pending);
    this.pending = '';
    return rest;
  }

  private visible(text: string): string {
    if (!this.afterBlock) return text;
    const trimmed = text.trimStart();
    if (trimmed) this.afterBlock = false;
    return trimmed;
  }
}

/** A whole text without its `<think>` blocks. */
export function stripThink(text: string): string {
  const filter = new ThinkFilter();
  return filter.push(text) + filter.end();
}

/** How many characters at the end of `text` could begin one of `tags` (compared case-insensitively). */
function heldBack(text: string, tags: readonly string[]): number {
  const longest = Math.max(...tags.map((t) => t.length)) - 1;
  for (let size = Math.min(longest, text.length); size > 0; size--) {
    const tail = text.slice(text.length - size).toLowerCase();
    if (tags.some((tag) => tag.startsWith(tail))) return size;
  }
  return 0;
}
