import type { NeedsPersonReason } from '@agent-console/contracts';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../crud';

/**
 * Why a conversation waits for a person, translated, with the local time it began waiting
 * ("The account reached today's sending cap · since 2026-11-29 14:02:11"). Home and the
 * conversation view show the same words.
 */
export function NeedsPersonReasonText({ reason, at }: { reason: NeedsPersonReason | null; at: string | null }) {
  const { t } = useTranslation('common');
  const text = t(`needsPersonReason.${reason ?? 'unknown'}`);
  return (
    <span data-testid="needs-person-reason" data-reason={reason ?? ''}>
      {at ? t('needsPersonReason.since', { reason: text, time: formatTime(at) }) : text}
    </span>
  );
}
