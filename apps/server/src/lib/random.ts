import { createHash, randomBytes } from 'node:crypto';

/** 256-bit bearer token, url-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Short public id for a session row (the online-user list's key). */
export function newSessionKey(): string {
  return randomBytes(12).toString('base64url');
}

// No 0/O/1/I/L so a code read aloud or typed from paper survives.
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** Invitation code: 12 characters from a readable alphabet, about 59 bits. */
export function newInvitationCode(): string {
  const bytes = randomBytes(12);
  let out = '';
  for (const b of bytes) out += CODE_ALPHABET[b % CODE_ALPHABET.length];
  return out;
}

/** A password for the first admin when none is configured: 18 url-safe characters. */
export function newPassword(): string {
  return randomBytes(14).toString('base64url');
}
