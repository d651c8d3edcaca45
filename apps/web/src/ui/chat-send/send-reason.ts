import { sendReasonKind } from '@agent-console/contracts';
import type { TFunction } from 'i18next';

/**
 * A message's send reason in the reader's language when the send pipeline wrote it (the cap, an
 * interrupted send, a take-over, the reply reserve); a gateway's own words are shown as they are.
 */
export function sendReasonText(t: TFunction, reason: string | null): string {
  const kind = sendReasonKind(reason);
  return kind ? t(`common:sendReason.${kind}`) : (reason ?? '');
}
