/**
 * How the lines of a document read to the FAQ miner: a labelled question or answer, a question
 * written as a line of its own, a heading, or text. Documents arrive as lines (PDF: one per printed
 * line, no blank lines; DOCX: one per paragraph, blank lines between), so everything here is
 * decided line by line.
 */

/** `Q:`, `Question 2:`, `Q.`, `Ｑ：`, `问：`, `问题1：`, `質問：`: the author says "this is a question". */
export const QUESTION_LABEL = /^\s*(?:Q|Ｑ|Question|问题?|問題?|质问|質問)\s*\d{0,3}\s*[:：．.、]\s*(.*)$/i;
export const ANSWER_LABEL = /^\s*(?:A|Ａ|Answer|答案?|回答|解答)\s*\d{0,3}\s*[:：．.、]\s*(.*)$/i;

/*
 * A PDF (or a careless author) may put a question and its answer, or several pairs, on one line:
 * "Q: How long? A: Three days. Q: …". Labels inside a line count only after the end of a
 * sentence and with a colon, so "plan A. Then" or "see Q. 4" stay text.
 */
const INLINE_ANSWER = /([?？])[ \t]*((?:A|Ａ|Answer|答案?|回答|解答)[ \t]*\d{0,3}[ \t]*[:：])/g;
const INLINE_QUESTION = /([.。!！?？])[ \t]*((?:Q|Ｑ|Question|问题?|問題?)[ \t]*\d{0,3}[ \t]*[:：])/g;

/** Puts every labelled question and answer of a labelled document at the start of its own line. */
export function splitInlineLabels(lines: string[]): string[] {
  return lines.flatMap((line) => line.replace(INLINE_ANSWER, '$1\n$2').replace(INLINE_QUESTION, '$1\n$2').split('\n'));
}

/** Numbering, bullets and Markdown in front of a question: "1.", "2)", "(3)", "一、", "Q4", "##", "-". */
const MARKUP =
  /^(?:#{1,6}\s+|[-*•·▪]\s+|(?:\d{1,3}(?:\.\d{1,3})*[.)、．]|\d{1,3}(?:\.\d{1,3})+|[(（]\d{1,3}[)）]|[一二三四五六七八九十]+[、.．]|Q\d{1,3}\b[.:：)]?)\s*)/;
const QUESTION_END = /[?？]["'”’」』)）]*$/;
/** A full stop or exclamation inside the line: it holds more than one sentence, so it is prose. */
const SENTENCE_INSIDE = /[.!](?=\s+\S)|[。！](?=\S)/;
/** A question line is short: a heading, not a paragraph that happens to end with a question. */
const MAX_QUESTION = 200;

/**
 * The question a line asks on its own ("How do I reset the router?", "1. Can I pay by card?",
 * "## 如何退款？"), without its numbering; null for any other line. A line starting in lower case
 * is the tail of a sentence wrapped across PDF lines, not a question.
 */
export function questionLine(line: string): string | null {
  const text = line.trim().replace(MARKUP, '').trim();
  if (text.length < 2 || text.length > MAX_QUESTION) return null;
  if (!QUESTION_END.test(text) || /^[a-z]/.test(text) || SENTENCE_INSIDE.test(text)) return null;
  return text;
}

/**
 * A shell command: a command-line tool in lower case first ("npm i x", where "Node Modules" is a
 * heading), or the marks only commands have (a relative path, an option, a redirection, a scoped
 * package).
 */
const COMMAND_LINE =
  /^(?:\$\s*)?(?:npx|npm|node|yarn|pnpm|bun|deno|git|cd|curl|wget|docker|kubectl|pip|python3?|sudo|apt(?:-get)?|brew|make)\s+[a-z@./-]|(?:^|\s)(?:\.{1,2}\/|--?[a-zA-Z][\w-]*|[<>|]{1,2}\s|@[\w-]+\/)/;

/** Markdown `#`, numbered `1.` / `1.2` / `一、` / `第一章`, or a short line with no end punctuation. */
export function isHeadingLine(line: string, next: string | undefined): boolean {
  const t = line.trim();
  if (!t || t.length > 60) return false;
  if (/^#{1,6}\s+\S/.test(t)) return true;
  // A command kept from a code block ("npx @biomejs/biome lint ./src", "node app.js > log") is
  // short and unpunctuated like a heading, but what follows explains it; it is not its title.
  if (COMMAND_LINE.test(t)) return false;
  // A list item ("• a user uninstalled this package") is short like a heading but is never one.
  if (/^[-*•·▪◦‣]\s/.test(t)) return false;
  if (
    /^(?:\d+(?:\.\d+)*[.、]?|[一二三四五六七八九十]+[、.]|第[一二三四五六七八九十百\d]+[章节條条部分])\s*\S/.test(t)
  ) {
    return !/[。.!！;；,，]$/.test(t);
  }
  return !/[。.!！;；,，:：)）]$/.test(t) && (next?.trim().length ?? 0) > t.length * 1.5;
}

/** For each line, the next non-empty line after it (one backward pass, not a search per line). */
export function nextNonEmpty(lines: string[]): (string | undefined)[] {
  const out: (string | undefined)[] = new Array(lines.length);
  let next: string | undefined;
  for (let i = lines.length - 1; i >= 0; i--) {
    out[i] = next;
    const line = lines[i] ?? '';
    if (line.trim()) next = line;
  }
  return out;
}

const SECTION_HEADING =
  /^(?:#{1,6}\s+\S|\d{1,3}(?:\.\d{1,3})+\s*\S|[一二三四五六七八九十]+[、.．]\s*\S|第[一二三四五六七八九十百\d]+[章节條条部分])/;
/** "1. Unplug the router", "- Hold the button": steps of an answer look like headings but are not. */
const LIST_ITEM = /^(?:[-*•·▪]\s|\d{1,3}[.)、．]\s*\S|[(（]\d{1,3}[)）])/;
const SENTENCE_END = /[.。!！]["'”’)）」』]*$/;

/**
 * Whether a line that follows an answer is a heading, which ends the answer. Section headings
 * (`##`, `2.1`, `二、`) always are. Any other heading-like line is one only right after a finished
 * sentence (a run of short unpunctuated lines under a question is a list of steps), and when it
 * is shorter than the text under it or heads the next question ("Warranty" + "Q: How long …?").
 */
export function endsAnswer(
  line: string,
  previous: string | undefined,
  next: string | undefined,
  nextAsks: boolean,
): boolean {
  const t = line.trim();
  if (!t || t.length > 60 || QUESTION_END.test(t)) return false;
  if (SECTION_HEADING.test(t)) return isHeadingLine(t, next);
  if (LIST_ITEM.test(t) || /[。.!！;；,，:：)）]$/.test(t)) return false;
  if (previous === undefined || !SENTENCE_END.test(previous.trim())) return false;
  return nextAsks || isHeadingLine(t, next);
}

export function hasWords(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}

export function clean(text: string): string {
  return text
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
