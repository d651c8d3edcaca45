import { CHAT_FILE_MAX_BYTES, CHAT_FILES_MAX, unsafeFileNameChars } from '@agent-console/contracts';

/** What the browser needs of a picked file. */
export interface PickedFile {
  name: string;
  size: number;
}

/** Why a picked file was not added; each is its own message naming the file (WAVE2 §2.4). */
export type FileProblem =
  | { kind: 'tooMany'; name: string }
  | { kind: 'tooLarge'; name: string }
  /** An empty file: the gateway has nothing to send (the server refuses it too). */
  | { kind: 'empty'; name: string }
  | { kind: 'badName'; name: string; chars: string[] };

/**
 * The batch-message file rules, checked before any call (SPEC §5: at most 3 files, each up to
 * 3MB, no special characters in names; the server checks them again with the same contract rules).
 * Files are taken in order until the list holds 3; a file with the same name as one already
 * chosen replaces nothing and is skipped silently, as picking it twice is no mistake.
 */
export function addFiles<F extends PickedFile>(current: F[], picked: F[]): { files: F[]; problems: FileProblem[] } {
  const files = [...current];
  const problems: FileProblem[] = [];
  for (const file of picked) {
    if (files.some((f) => f.name === file.name && f.size === file.size)) continue;
    const chars = unsafeFileNameChars(file.name);
    if (chars.length) problems.push({ kind: 'badName', name: file.name, chars });
    else if (file.size > CHAT_FILE_MAX_BYTES) problems.push({ kind: 'tooLarge', name: file.name });
    else if (file.size === 0) problems.push({ kind: 'empty', name: file.name });
    else if (files.length >= CHAT_FILES_MAX) problems.push({ kind: 'tooMany', name: file.name });
    else files.push(file);
  }
  return { files, problems };
}

/** A character as a person can read it: control characters by their code. */
export function showChar(char: string): string {
  const code = char.charCodeAt(0);
  return code < 0x20 || code === 0x7f ? `U+${code.toString(16).toUpperCase().padStart(4, '0')}` : char;
}
