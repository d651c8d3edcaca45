import { SESSION_TTL_MS } from '@agent-console/contracts';
import type { Db } from '../../../db/client';
import { newSessionKey, newToken, sha256 } from '../../../lib/random';
import { describeUserAgent } from '../../../lib/user-agent';
import { deleteSessionByTokenHash, insertSession } from '../user/session.repo';

export interface ClientInfo {
  ip: string;
  userAgent?: string;
}

/** Starts a session and returns the bearer token; only its hash is stored. */
export async function createSession(
  db: Db,
  user: { id: number; customerId: number },
  client: ClientInfo,
): Promise<{ token: string; sessionId: string }> {
  const token = newToken();
  const sessionId = newSessionKey();
  const { browser, os } = describeUserAgent(client.userAgent);
  await insertSession(db, {
    id: sessionId,
    tokenHash: sha256(token),
    userId: user.id,
    customerId: user.customerId,
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 500) ?? null,
    browser,
    os,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  return { token, sessionId };
}

/** Ends the session of a token; unknown tokens are ignored so logout is idempotent. */
export async function deleteSessionByToken(db: Db, token: string): Promise<boolean> {
  return deleteSessionByTokenHash(db, sha256(token));
}
