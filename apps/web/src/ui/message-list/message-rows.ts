import {
  codePointLength,
  hasExtension,
  WELCOME_FILE_EXTENSIONS,
  WELCOME_FILE_MAX_BYTES,
  WELCOME_IMAGE_EXTENSIONS,
  WELCOME_TEXT_MAX,
  type WelcomeMessageType,
  type WelcomeMessageView,
} from '@agent-console/contracts';

/**
 * One message of an ordered list (welcome messages, follow-up steps) as an editor holds it: a
 * text, or a file or an image uploaded under the welcome-message rules.
 */
export interface MessageRow {
  key: string;
  type: WelcomeMessageType;
  text: string;
  objectId?: number;
  fileName?: string;
  size?: number;
  /** Where a saved file or image is viewed (the server's address). */
  url?: string;
  /** A just-picked image shown from the browser's own copy. */
  localUrl?: string;
  uploading?: boolean;
}

let keys = 0;
/** A key for a new row, unique in this browser page. */
export const newKey = () => `r${Date.now().toString(36)}${(keys++).toString(36)}`;

export const emptyMessage = (): MessageRow => ({ key: newKey(), type: 'text', text: '' });

/** The editor's row of a stored message (a welcome message, a follow-up step). */
export function messageRowFrom(m: WelcomeMessageView): MessageRow {
  return {
    key: m.id,
    type: m.type,
    text: m.text ?? '',
    ...(m.objectId !== undefined ? { objectId: m.objectId } : {}),
    ...(m.fileName !== undefined ? { fileName: m.fileName } : {}),
    ...(m.size !== undefined ? { size: m.size } : {}),
    ...(m.url !== undefined ? { url: m.url } : {}),
  };
}

/**
 * A row as a save sends it (the welcome-message input): a row without its upload is sent as
 * such, so the shared schema names it (required file).
 */
export function messageInput(row: MessageRow) {
  return row.type === 'text'
    ? { id: row.key, type: 'text' as const, text: row.text }
    : ({ id: row.key, type: row.type, objectId: row.objectId } as { id: string; type: 'file'; objectId: number });
}

/** The row without its upload (another type, a failed upload, another customer); the rest stays. */
export function withoutUpload<R extends MessageRow>(row: R): R {
  const { objectId: _o, fileName: _f, size: _s, url: _u, localUrl: _l, uploading: _p, ...rest } = row;
  return rest as R;
}

const filled = (text: string, max: number) => text.trim() !== '' && codePointLength(text.trim()) <= max;

/** Whether a message is complete: its text, or its uploaded file or image. */
export function messageComplete(row: MessageRow): boolean {
  if (row.type === 'text') return filled(row.text, WELCOME_TEXT_MAX);
  return row.objectId !== undefined && !row.uploading;
}

/**
 * Why "Add" is not available (SPEC §5): the list is full, or its last row is not complete yet
 * ("the current row must be completed before adding a new one"); null when a row may be added.
 */
export function addBlocker<T>(
  rows: readonly T[],
  max: number,
  complete: (row: T) => boolean,
): { kind: 'limit' } | { kind: 'incomplete'; row: number } | null {
  if (rows.length >= max) return { kind: 'limit' };
  const last = rows[rows.length - 1];
  if (last !== undefined && !complete(last)) return { kind: 'incomplete', row: rows.length };
  return null;
}

/** The list with the row at `from` moved to `to` (both within the list). */
export function moveRow<T>(rows: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= rows.length || to >= rows.length) return [...rows];
  const next = [...rows];
  const [row] = next.splice(from, 1);
  next.splice(to, 0, row as T);
  return next;
}

/** Why a picked file cannot be a message of this type, checked before uploading it. */
export type PickProblem = { kind: 'type' | 'size' | 'empty'; name: string };

export function checkPicked(file: { name: string; size: number }, type: 'file' | 'image'): PickProblem | null {
  const extensions = type === 'file' ? WELCOME_FILE_EXTENSIONS : WELCOME_IMAGE_EXTENSIONS;
  if (!hasExtension(file.name, extensions)) return { kind: 'type', name: file.name };
  if (file.size > WELCOME_FILE_MAX_BYTES) return { kind: 'size', name: file.name };
  if (file.size === 0) return { kind: 'empty', name: file.name };
  return null;
}

/** A size as a person reads it: "312 KB", "10.1 MB". */
export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
