import { isHeadingLine } from '../../../integrations/llm/local-miner';
import { countTokens } from '../../knowledge/documents/chunker';

/**
 * The passages of a fragment the agent searches and quotes (issue 32). A fragment holds several
 * of a document's sections (the chunker fills it to ~800 tokens), so ranking whole fragments would
 * quote whichever section happens to sit beside the right one. Each heading's section is a
 * passage of its own, with the heading as its title: context that ranks it, never quoted. A long
 * section is cut at paragraphs into passages of about PASSAGE_TOKENS.
 */

export interface Section {
  heading: string | null;
  text: string;
}

/** About this many tokens a passage holds, so an answer quotes one point, not a chapter. */
export const PASSAGE_TOKENS = 160;

/**
 * A line that asks a question, as FAQs are written ("Q: …?", "3. How do I …?", "问：…？" or the
 * question alone): it opens a section of its own, titled by the question, so each answer of an
 * FAQ is a passage. Group 1 is the question without its mark.
 */
const QUESTION_LINE =
  /^(?:#{1,6}\s+)?(?:(?:Q|Question|问|問|问题|問題)\s*[:：.]\s*|\d{1,3}[.、)]\s*)?(\S.{1,200}[?？])$/iu;
/** The mark that opens an answer ("A:", "答：") is not part of what the agent quotes. */
const ANSWER_MARK = /^\s*(?:A|Answer|答|回答)\s*[:：.]\s*/iu;

/** The heading as written, without Markdown marks. */
function headingText(line: string): string {
  return line.trim().replace(/^#{1,6}\s+/, '');
}

/**
 * The sections of a fragment's text. `heading` is the heading in force where the fragment
 * starts (the chunker stores it); `previous` is the text of the fragment before it in the same
 * document, whose tail the chunker repeats at this one's start: a passage made only of that tail
 * is the previous fragment's, and is dropped.
 */
export function fragmentSections(content: string, heading: string | null, previous: string | null): Section[] {
  const lines = content.split('\n');
  const sections: { heading: string | null; paragraphs: string[] }[] = [];
  let current = { heading: heading ? headingText(heading) : null, paragraphs: [] as string[] };
  let paragraph: string[] = [];
  const flushParagraph = () => {
    const text = paragraph.join('\n').trim();
    if (text) current.paragraphs.push(text);
    paragraph = [];
  };
  for (const [i, line] of lines.entries()) {
    if (!line.trim()) {
      flushParagraph();
      continue;
    }
    const next = lines.slice(i + 1).find((l) => l.trim());
    const question = QUESTION_LINE.exec(line.trim())?.[1];
    // A table's rows ("Name | Type | Default") are short lines without end marks, not headings.
    if (question || (isHeadingLine(line, next) && !/[?？]\s*$|\|/.test(line))) {
      flushParagraph();
      if (current.paragraphs.length) sections.push(current);
      current = { heading: question ?? headingText(line), paragraphs: [] };
      continue;
    }
    paragraph.push(paragraph.length || current.paragraphs.length ? line : line.replace(ANSWER_MARK, ''));
  }
  flushParagraph();
  if (current.paragraphs.length) sections.push(current);

  const out: Section[] = [];
  for (const section of sections) {
    for (const text of windows(section.paragraphs)) {
      if (previous?.includes(text)) continue;
      out.push({ heading: section.heading, text });
    }
  }
  return out;
}

/** Paragraphs grouped into passages of about PASSAGE_TOKENS (a longer paragraph stays whole). */
function windows(paragraphs: readonly string[]): string[] {
  const out: string[] = [];
  let group: string[] = [];
  let tokens = 0;
  for (const paragraph of paragraphs) {
    const size = countTokens(paragraph);
    if (group.length && tokens + size > PASSAGE_TOKENS) {
      out.push(group.join('\n\n'));
      group = [];
      tokens = 0;
    }
    group.push(paragraph);
    tokens += size;
  }
  if (group.length) out.push(group.join('\n\n'));
  return out;
}
