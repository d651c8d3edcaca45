import type { ChatSendBatch, SendText } from '@agent-console/contracts';
import { CHAT_MESSAGE_ROUTES as R } from '@agent-console/contracts/chat-message';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../platform/api/call';
import { api } from '../../../platform/api/client';

export const chatMessageApi = {
  /** The dialog shows a refused send in place, with the server's message. */
  sendText: (body: SendText) => call(R.sendText, { body }, { silent: true }),
  /** Multipart: `accountId`, `contactIds` (comma-separated) and 1–3 `files`. */
  sendFile: (accountId: number, contactIds: number[], files: File[]) => {
    const form = new FormData();
    form.append('accountId', String(accountId));
    form.append('contactIds', contactIds.join(','));
    for (const file of files) form.append('files', file, file.name);
    return api.post<ChatSendBatch>(R.sendFile.path, form, { silent: true });
  },
  batch: (id: number) => call(R.batch, { params: { id } }),
};

export const chatMessageKeys = { all: ['chat', 'message'] as const };

/**
 * A sent batch with its per-recipient results, asked again every second while the paced queue is
 * still working through it. `first` is the send call's own answer, shown until the first poll.
 */
export function useSendBatch(first: ChatSendBatch | null) {
  return useQuery({
    queryKey: [...chatMessageKeys.all, 'batch', first?.batchId ?? null],
    queryFn: () => chatMessageApi.batch(first?.batchId as number),
    enabled: !!first,
    ...(first ? { initialData: first, initialDataUpdatedAt: 0 } : {}),
    refetchInterval: (q) => (q.state.data?.status === 'running' ? 1000 : false),
  });
}
