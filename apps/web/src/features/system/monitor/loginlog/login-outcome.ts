import { ERROR_CATALOGUE, type ErrorCode, isLanguage, type LoginLog, SUCCESS_CODE } from '@agent-console/contracts';
import type { TFunction } from 'i18next';

/** What happened, in the reader's language: the error catalogue's message for a failure code. */
export function loginOutcome(row: LoginLog, t: TFunction, lang: string): string {
  if (row.code !== SUCCESS_CODE && row.code in ERROR_CATALOGUE) {
    const language = isLanguage(lang) ? lang : 'en';
    return ERROR_CATALOGUE[row.code as ErrorCode].messages[language];
  }
  if (row.event === 'forceLogout') {
    const by = /^by (.+)$/.exec(row.message ?? '')?.[1];
    return by ? t('loginlog.forcedBy', { name: by }) : t('event.forceLogout');
  }
  return t(`loginlog.ok.${row.event}`);
}
