import type { MailInfo, MailSave, MailTest, MailTestResult } from '@agent-console/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../platform/api/client';

const BASE = '/api/v3/message/mail';

export const mailApi = {
  info: () => api.get<MailInfo>(`${BASE}/info`),
  // Both show their errors in place (under the fields, or beside the test button).
  save: (body: MailSave) => api.post<MailInfo>(`${BASE}/save`, body, { silent: true }),
  test: (body: MailTest) => api.post<MailTestResult>(`${BASE}/test`, body, { silent: true }),
};

export const mailKeys = { info: ['message', 'mail', 'info'] as const };

export function useMailInfo(enabled = true) {
  return useQuery({ queryKey: mailKeys.info, queryFn: mailApi.info, enabled });
}

export function useSaveMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: mailApi.save,
    onSuccess: (info) => client.setQueryData(mailKeys.info, info),
  });
}

export function useTestMail() {
  return useMutation({ mutationFn: mailApi.test });
}
