import type { PageResult } from '@agent-console/contracts';
import type { Post, PostOption, PostPageQuery, PostSave } from '@agent-console/contracts/system-post';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { usePageQuery, useRefreshingMutation } from './list-query';

const BASE = '/api/v3/system/post';

export const postApi = {
  page: (body: PostPageQuery) => api.post<PageResult<Post>>(`${BASE}/page`, body),
  list: (customerId?: number) => api.post<PostOption[]>(`${BASE}/list`, customerId ? { customerId } : {}),
  save: (body: PostSave) => api.post<Post>(`${BASE}/save`, body, { silent: true }),
  update: (id: number, body: PostSave) => api.post<Post>(`${BASE}/update/${id}`, body, { silent: true }),
  remove: (ids: number[]) => api.post<null>(`${BASE}/delete`, { ids }),
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
