import { randomBytes, timingSafeEqual } from 'node:crypto';
import { WIDGET_KEY_PREFIX } from '@agent-console/contracts';
import { sha256 } from '../../../lib/random';

/** How many leading characters of a key are kept to recognise it (`keyPrefix`). */
export const KEY_PREFIX_LENGTH = 10;

/**
 * A new API key: `ak-` and 192 random bits. It is stored as a SHA-256 hash only (`sha256`, as session tokens are); a slow hash
 * would add nothing for a random key of this length, and every call of the app checks it.
 */
export function newApiKey(): { apiKey: string; keyHash: string; keyPrefix: string } {
  const apiKey = `ak-${randomBytes(24).toString('base64url')}`;
  return { apiKey, keyHash: sha256(apiKey), keyPrefix: apiKey.slice(0, KEY_PREFIX_LENGTH) };
}

/**
 * A new widget key: `wk_` and 128 random bits in hex (the form the migration gave older apps).
 * It is public by design, so it is stored as written: the console shows it in the script tag.
 */
export function newWidgetKey(): string {
  return `${WIDGET_KEY_PREFIX}${randomBytes(16).toString('hex')}`;
}

/** Whether a presented key is the one whose hash is stored, in time independent of where they differ. */
export function apiKeyMatches(presented: string, storedHash: string): boolean {
  const given = Buffer.from(sha256(presented), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
