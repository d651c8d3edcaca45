import type { PageResult } from '@agent-console/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** One page of a list, keeping the previous page on screen while the next loads. */
export function usePageQuery<Req, Row>(
  key: readonly unknown[],
  page: (body: Req) => Promise<PageResult<Row>>,
  body: Req,
) {
  return useQuery({ queryKey: [...key, body], queryFn: () => page(body), placeholderData: keepPreviousData });
}

/** A write that refreshes every query under `key` afterwards, whether or not it went through. */
export function useRefreshingMutation<A, R>(key: readonly unknown[], write: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: write, onSettled: () => client.invalidateQueries({ queryKey: key }) });
}
