import type { AnyPageResult } from '@agent-console/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMenuStore } from '../stores/menu-store';

/** One page of a list, keeping the previous page on screen while the next loads. */
export function usePageQuery<Req, P extends AnyPageResult<unknown>>(
  key: readonly unknown[],
  page: (body: Req) => Promise<P>,
  body: Req,
  /** Asks again after this many ms while the page shows rows that change by themselves. */
  refetchEvery?: (data: P | undefined) => number | false,
) {
  return useQuery({
    queryKey: [...key, body],
    queryFn: () => page(body),
    placeholderData: keepPreviousData,
    ...(refetchEvery ? { refetchInterval: (q: { state: { data?: P } }) => refetchEvery(q.state.data) } : {}),
  });
}

/**
 * A write that refreshes every query under `key` afterwards, whether or not it went through.
 * `affectsAccess` (menus, roles, users' roles, permissions): the signed-in user's own menu and
 * permissions may have changed with it, so they are checked at once rather than at the next
 * navigation. `alsoRefreshes`: queries of other screens the write changes too.
 */
export function useRefreshingMutation<A, R>(
  key: readonly unknown[],
  write: (arg: A) => Promise<R>,
  options: { affectsAccess?: boolean; alsoRefreshes?: readonly (readonly unknown[])[] } = {},
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: key }),
        ...(options.alsoRefreshes ?? []).map((queryKey) => client.invalidateQueries({ queryKey })),
        options.affectsAccess ? useMenuStore.getState().sync() : undefined,
      ]),
  });
}
