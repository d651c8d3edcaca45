import type { MailSave, MailTest } from '@agent-console/contracts';
import { MAIL_ROUTES as R } from '@agent-console/contracts/message-mail';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../platform/api/call';

export const mailApi = {
  info: () => call(R.info),
  // Both show their errors in place (under the fields, or beside the test button).
  save: (body: MailSave) => call(R.save, { body }, { silent: true }),
  test: (body: MailTest) => call(R.test, { body }, { silent: true }),
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
