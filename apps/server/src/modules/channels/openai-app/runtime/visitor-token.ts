import { randomBytes, randomUUID } from 'node:crypto';
import { createSecretBox, type SecretBox } from '../../../../lib/secret-box';

/**
 * A website visitor's token (issue 36): the visitor's id sealed for one app, handed out by the
 * widget's start and sent back with each question. A page cannot choose or alter one, so a
 * visitor reaches only the conversation the console gave them, and the rate per visitor counts
 * ids the console issued. Sealed with the installation's key, so tokens outlive a restart.
 */
export interface VisitorTokens {
  issue(): { token: string; visitorId: string };
  /** The visitor's id, or null when the token is not one of this app's. */
  read(token: string): string | null;
}

const purpose = (appId: number) => `widget-visitor:${appId}`;

export function visitorTokens(appId: number, secretBox?: SecretBox): VisitorTokens {
  // Without the installation's box (a listener made by a test), a key of this process: tokens then
  // last as long as it does.
  const box = secretBox ?? createSecretBox(randomBytes(32).toString('base64url'));
  return {
    issue() {
      const visitorId = randomUUID().replaceAll('-', '');
      return { visitorId, token: box.seal(visitorId, purpose(appId)) };
    },
    read(token) {
      try {
        const id = box.open(token, purpose(appId));
        return /^[0-9a-f]{32}$/.test(id) ? id : null;
      } catch {
        return null;
      }
    },
  };
}
