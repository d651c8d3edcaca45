import { SUCCESS_CODE } from '@agent-console/contracts';
import { CURRENT_USER_ROUTES } from '@agent-console/contracts/system-user-current';
import i18n from '../i18n';
import { cookies } from '../lib/cookies';
import { logError } from '../log/log-store';
import { ApiError, api, httpStatusMessage } from './client';
import { filenameFromDisposition } from './content-disposition';
import { feedback } from './feedback';

export { filenameFromDisposition };

/**
 * POSTs a request whose answer is a file and saves it under the server's name (SPEC §7 "Other").
 * An envelope answer instead of a file is an error and follows the client's rule.
 */
export async function downloadPost(url: string, body: unknown): Promise<string> {
  const headers: Record<string, string> = {
    'Accept-Language': i18n.language || 'zh-chs',
    'Content-Type': 'application/json',
  };
  const token = cookies.get('token');
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body ?? {}) });
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json') || !response.ok) {
    const payload = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
    if (payload?.code === 'A0301') {
      // Let the client's envelope rule sign the user out: the session check answers A0301 too.
      await api.get(CURRENT_USER_ROUTES.info.path).catch(() => undefined);
      throw new ApiError('A0301', i18n.t('errors:authFailed'), null, response.status);
    }
    const error =
      payload?.code && payload.code !== SUCCESS_CODE
        ? new ApiError(payload.code, payload.message ?? '', null, response.status)
        : new ApiError(`HTTP${response.status}`, httpStatusMessage(response.status), null, response.status);
    logError(error.message, { url, code: error.code });
    feedback.error(error.message);
    throw error;
  }
  const name = filenameFromDisposition(response.headers.get('content-disposition'));
  const blob = await response.blob();
  saveBlob(blob, name);
  return name;
}

export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
