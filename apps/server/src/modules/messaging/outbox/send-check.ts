import type { SendCheck } from '../../../http/app-deps';
import type { ChatSendSource } from './send-queue';

export type { SendCheck };

export type SendChecks = Partial<Record<ChatSendSource, SendCheck>>;

export const NO_SEND_CHECKS: SendChecks = {};
