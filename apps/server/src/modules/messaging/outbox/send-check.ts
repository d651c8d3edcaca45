import type { Executor } from '../../../db/client';
import type { chatMessages } from '../../../db/schema';
import type { ChatSendSource } from './send-queue';

/**
 * Asked in the claim's transaction when a queued message's turn comes: a reason it must not go
 * any more (the sender then marks it failed with that reason and takes the next one), or null.
 * A feature that queues sends which may stop being wanted while they wait (follow-up: the
 * contact replied, the strategy was disabled) gives one for its source. The composition root
 * (background.ts) hands them to the senders, so this module never imports the features.
 */
export type SendCheck = (tx: Executor, message: typeof chatMessages.$inferSelect, now: Date) => Promise<string | null>;

export type SendChecks = Partial<Record<ChatSendSource, SendCheck>>;

export const NO_SEND_CHECKS: SendChecks = {};
