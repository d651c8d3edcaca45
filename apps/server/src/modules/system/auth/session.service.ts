import { SESSION_TTL_MS } from '@agent-console/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sessions } from '../../../db/schema';
import { newSessionKey, newToken, sha256 } from '../../../lib/random';
import { describeUserAgent } from '../../../lib/user-agent';

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
  await db.insert(sessions).values({
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
  const deleted = await db
    .delete(sessions)
    .where(eq(sessions.tokenHash, sha256(token)))
    .returning({ id: sessions.id });
  return deleted.length > 0;
}
