import {
  codePointLength,
  hasExtension,
  LEAD_DESCRIPTION_MAX,
  LEAD_EXAMPLE_MAX,
  LEAD_ITEM_NAME_MAX,
  type NewCustomerAccessConfig,
  type SaveNewCustomerAccessCommand,
  WELCOME_FILE_EXTENSIONS,
  WELCOME_FILE_MAX_BYTES,
  WELCOME_IMAGE_EXTENSIONS,
  WELCOME_TEXT_MAX,
  type WelcomeMessageType,
} from '@agent-console/contracts';

/** One welcome message as the editor holds it. */
export interface WelcomeRow {
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

/** One lead-cleaning row as the editor holds it. */
export interface LeadRow {
  key: string;
  item: string;
  description: string;
  example: string;
}

export interface AccessDraft {
  autoAcceptFriend: boolean;
  welcome: WelcomeRow[];
  leads: LeadRow[];
}

let keys = 0;
/** A key for a new row, unique in this browser page. */
export const newKey = () => `r${Date.now().toString(36)}${(keys++).toString(36)}`;

export const emptyWelcome = (): WelcomeRow => ({ key: newKey(), type: 'text', text: '' });
export const emptyLead = (): LeadRow => ({ key: newKey(), item: '', description: '', example: '' });

export function draftFrom(config: NewCustomerAccessConfig): AccessDraft {
  return {
    autoAcceptFriend: config.autoAcceptFriend,
    welcome: config.welcomeMessages.map((m) => ({
      key: m.id,
      type: m.type,
      text: m.text ?? '',
      ...(m.objectId !== undefined ? { objectId: m.objectId } : {}),
      ...(m.fileName !== undefined ? { fileName: m.fileName } : {}),
      ...(m.size !== undefined ? { size: m.size } : {}),
      ...(m.url !== undefined ? { url: m.url } : {}),
    })),
    leads: config.leadItems.map((l) => ({ key: newKey(), ...l })),
  };
}

const filled = (text: string, max: number) => text.trim() !== '' && codePointLength(text.trim()) <= max;

/** Whether a welcome message is complete: its text, or its uploaded file or image. */
export function welcomeComplete(row: WelcomeRow): boolean {
  if (row.type === 'text') return filled(row.text, WELCOME_TEXT_MAX);
  return row.objectId !== undefined && !row.uploading;
}

export function leadComplete(row: LeadRow): boolean {
  return (
    filled(row.item, LEAD_ITEM_NAME_MAX) &&
    filled(row.description, LEAD_DESCRIPTION_MAX) &&
    codePointLength(row.example.trim()) <= LEAD_EXAMPLE_MAX
  );
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

/** The save command's body for this draft: exactly what the server checks. */
export function toCommand(
  draft: AccessDraft,
  target: { customerId: number; appId: number },
): Omit<SaveNewCustomerAccessCommand, 'command'> {
  return {
    ...target,
    autoAcceptFriend: draft.autoAcceptFriend,
    welcomeMessages: draft.welcome.map((row) =>
      row.type === 'text'
        ? { id: row.key, type: 'text', text: row.text }
        : // A row without its upload is sent as such, so the check names it (required file).
          ({ id: row.key, type: row.type, objectId: row.objectId } as { id: string; type: 'file'; objectId: number }),
    ),
    leadItems: draft.leads.map(({ item, description, example }) => ({ item, description, example })),
  };
}

/** Whether two drafts would save the same settings (keys of lead rows aside). */
export function sameSettings(a: AccessDraft, b: AccessDraft): boolean {
  const target = { customerId: 0, appId: 0 };
  return JSON.stringify(toCommand(a, target)) === JSON.stringify(toCommand(b, target));
}

/** Why a picked file cannot be a welcome message of this type, checked before uploading it. */
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
