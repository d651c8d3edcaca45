import type PgBoss from 'pg-boss';
import type { AppDeps } from '../../../http/app-deps';
import { gatewayOf } from '../../../integrations/messaging-gateway/gateway-of';
import { mailDepsOf } from '../../notify/mail/mail-settings';
import { undeliveredMailer } from '../../notify/mail/undelivered-mail';
import { startAddressInitWorker } from '../contact/address-init';
import { fileLinkUrl, sealFileLink } from './file-link';
import { pacingPolicyOf } from './pacing-policy';
import type { SendChecks } from './send-check';
import { startSendWorker } from './send-worker';

/**
 * The background work of contacts and messages (background.ts): the address-list initialisation
 * worker and the paced senders. `consoleUrl` is where this console listens, the default address
 * of the file links the gateway fetches (`PUBLIC_URL` when the gateway reaches it elsewhere).
 */
export async function startChatWork(
  deps: AppDeps,
  boss: PgBoss,
  consoleUrl: () => string | undefined,
  checks: SendChecks = {},
): Promise<{ stop(): Promise<void> }> {
  const { db } = deps.database;
  const gateway = () => gatewayOf(deps);
  const init = await startAddressInitWorker(boss, { db, gateway });
  const senders = await startSendWorker({
    db,
    boss,
    policy: pacingPolicyOf(deps.pacing),
    gateway,
    fileUrl: (objectId) => {
      const base = deps.publicUrl ?? consoleUrl();
      if (!base) throw new Error('the console has no address yet for the gateway to fetch the file from');
      return fileLinkUrl(base, sealFileLink(deps.secretBox, objectId));
    },
    ...(deps.logger ? { logger: deps.logger } : {}),
    checks,
    metrics: deps.metrics,
    onUndelivered: undeliveredMailer(mailDepsOf(deps)),
    // The embedded database has one owner (its data-directory lock); PostgreSQL may be shared.
    soleOwner: deps.database.driver === 'pglite',
  });
  return {
    async stop() {
      await Promise.all([init.stop(), senders.stop()]);
    },
  };
}
