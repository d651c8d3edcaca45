import { type PostPageQuery, type PostSave, POST_ROUTES as R } from '@agent-console/contracts/system-post';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api/call';
import { usePageQuery, useRefreshingMutation } from './list-query';

export const postApi = {
  page: (body: PostPageQuery) => call(R.page, { body }),
  list: (customerId?: number) => call(R.options, { body: customerId ? { customerId } : {} }),
  save: (body: PostSave) => call(R.save, { body }, { silent: true }),
  update: (id: number, body: PostSave) => call(R.update, { params: { id }, body }, { silent: true }),
  remove: (ids: number[]) => call(R.remove, { body: { ids } }),
};

export const postKeys = { all: ['system', 'post'] as const };

export function usePostPage(query: PostPageQuery) {
  return usePageQuery([...postKeys.all, 'page'], postApi.page, query);
}

export function usePostOptions(customerId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: [...postKeys.all, 'options', customerId],
    queryFn: () => postApi.list(customerId),
    enabled: enabled && !!customerId,
  });
}

export function usePostMutation<A, R>(fn: (arg: A) => Promise<R>) {
  return useRefreshingMutation(postKeys.all, fn);
}
