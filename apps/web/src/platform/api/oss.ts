import { type FilePurpose, routeUrl, type StoredFile, SUCCESS_CODE } from '@agent-console/contracts';
import { OSS_ROUTES } from '@agent-console/contracts/oss';
import { CURRENT_USER_ROUTES } from '@agent-console/contracts/system-user-current';
import i18n from '../i18n';
import { cookies } from '../lib/cookies';
import { logError } from '../log/log-store';
import { call } from './call';
import { ApiError, api, httpStatusMessage } from './client';
import { filenameFromDisposition, saveBlob } from './download';
import { feedback } from './feedback';

function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = { 'Accept-Language': i18n.language || 'zh-chs' };
  const token = cookies.get('token');
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** An envelope error (or a bare HTTP failure) following the client's rule: logged and toasted. */
async function failFrom(response: Response, url: string, silent: boolean): Promise<never> {
  const payload = (await response.json().catch(() => null)) as {
    code?: string;
    message?: string;
    data?: unknown;
  } | null;
  if (payload?.code === 'A0301') {
    // Let the client's envelope rule sign the user out: the session check answers A0301 too.
    await api.get(CURRENT_USER_ROUTES.info.path).catch(() => undefined);
    throw new ApiError('A0301', i18n.t('errors:authFailed'), null, response.status);
  }
  const error =
    payload?.code && payload.code !== SUCCESS_CODE
      ? new ApiError(payload.code, payload.message ?? '', payload.data ?? null, response.status)
      : new ApiError(`HTTP${response.status}`, httpStatusMessage(response.status), null, response.status);
  logError(error.message, { url, code: error.code });
  if (!silent) feedback.error(error.message);
  throw error;
}

/**
 * Uploads one file with the spec's custom headers (purpose, and optionally the customer). The
 * server checks the type from the bytes and the size while streaming; its message is shown.
 */
export async function uploadFile(
  file: File,
  purpose: FilePurpose,
  customerId?: number,
  options: { silent?: boolean } = {},
): Promise<StoredFile> {
  const url = OSS_ROUTES.upload.path;
  const form = new FormData();
  form.append('file', file, file.name);
  const headers = {
    ...authHeaders(),
    'x-file-purpose': purpose,
    ...(customerId ? { 'x-customer-id': String(customerId) } : {}),
  };
  const response = await fetch(url, { method: 'POST', headers, body: form });
  const payload = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: string; data?: StoredFile } | null;
  if (response.ok && payload?.code === SUCCESS_CODE && payload.data) return payload.data;
  return failFrom(response, url, options.silent ?? false);
}

/** GETs a stored file's bytes with the session (an image shown in place); failures are not toasted. */
export async function fetchBlob(url: string): Promise<Blob> {
  const response = await fetch(url, { headers: authHeaders() });
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('json')) return failFrom(response, url, true);
  return response.blob();
}

/** GETs a file (download/{id}, the QA template) and saves it under the server's name. */
export async function downloadGet(url: string): Promise<string> {
  const response = await fetch(url, { headers: authHeaders() });
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('json')) return failFrom(response, url, false);
  const name = filenameFromDisposition(response.headers.get('content-disposition'));
  saveBlob(await response.blob(), name);
  return name;
}

export const ossApi = {
  url: (id: number) => call(OSS_ROUTES.url, { params: { id } }),
  download: (id: number) => downloadGet(routeUrl(OSS_ROUTES.download, { id })),
};
