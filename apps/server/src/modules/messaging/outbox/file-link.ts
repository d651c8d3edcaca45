import type { SecretBox } from '../../../lib/secret-box';

/**
 * The gateway fetches a file message's file by URL (ANCHORS §C). The link needs no session: it
 * carries a token that only this console can make and read (the stored object's id and an expiry,
 * sealed by the secret box: unguessable, unreadable, and unforgeable without the key), valid for a
 * few minutes from the moment of the send.
 */
export const FILE_LINK_PATH = '/api/gateway/file';
export const FILE_LINK_TTL_MS = 10 * 60_000;
const PURPOSE = 'gateway-file-link';

export function sealFileLink(box: SecretBox, objectId: number, now: Date = new Date()): string {
  return box.seal(`${objectId}:${now.getTime() + FILE_LINK_TTL_MS}`, PURPOSE);
}

/** The object id a token stands for, or null when the token is not ours, altered or expired. */
export function openFileLink(box: SecretBox, token: string, now: Date = new Date()): number | null {
  let plain: string;
  try {
    plain = box.open(token, PURPOSE);
  } catch {
    return null;
  }
  const match = /^(\d{1,10}):(\d{1,16})$/.exec(plain);
  if (!match) return null;
  if (Number(match[2]) < now.getTime()) return null;
  return Number(match[1]);
}

/** The absolute URL the gateway fetches; `baseUrl` is where the gateway reaches this console. */
export function fileLinkUrl(baseUrl: string, token: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${FILE_LINK_PATH}/${token}`;
}
