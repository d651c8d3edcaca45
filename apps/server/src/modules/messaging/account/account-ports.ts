import type { ChatRisk } from '@agent-console/contracts';
import type { Executor } from '../../../db/client';
import type { AppDeps } from '../../../http/app-deps';
import { definePort } from '../../../lib/port';

/**
 * What the account screen needs of the outbox (issue 35): each account's risk today, made of the
 * pacing governor's row and the send budget, both the outbox's. The outbox sends through the
 * accounts (their facts, a share lock on their rows), so it imports this feature and this feature
 * cannot import it back: it plugs its part in here from its manifest, which the app loads before
 * any route runs.
 */

/** The deployment's overrides of the pacing policy; the outbox fills in its defaults. */
export type PacingOverrides = AppDeps['pacing'];

/**
 * Reads the risk of every account of `accountIds` in one statement, answering it by id for each of
 * them (an account removed meanwhile has no budget left).
 */
export type SendRisksOf = (
  db: Executor,
  pacing: PacingOverrides,
  accountIds: readonly number[],
  now: Date,
) => Promise<(accountId: number) => ChatRisk>;

const sendRisksPort = definePort<SendRisksOf>('the send risks', 'messaging/outbox');

export const plugSendRisks = sendRisksPort.plug;

/** Refuses to go on without the outbox's part: an account answered without its risk would mislead. */
export const accountSendRisks = sendRisksPort.use;
