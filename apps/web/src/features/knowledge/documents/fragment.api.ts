import type { FragmentPageQuery, FragmentUpdateBody } from '@agent-console/contracts';
import { FRAGMENT_ROUTES as R } from '@agent-console/contracts/knowledge-fragment';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../platform/api/call';

/** The query string of a fragment page; empty values are left out, as the server reads them as absent. */
function pageQuery(query: FragmentPageQuery): FragmentPageQuery {
  return {
    pageNum: query.pageNum ? String(query.pageNum) : undefined,
    pageSize: query.pageSize ? String(query.pageSize) : undefined,
    keyword: query.keyword?.trim() || undefined,
  };
}

export const fragmentApi = {
  page: (fileId: number, query: FragmentPageQuery) => call(R.page, { params: { id: fileId }, query: pageQuery(query) }),
  /** `silent`: the caller shows a failure in place (the edit dialog) instead of a toast. */
  update: (id: number, body: FragmentUpdateBody, silent = false) =>
    call(R.update, { params: { id }, body }, { silent }),
};

export const fragmentKeys = { all: ['knowledge', 'fragments'] as const };

export function useFragmentPage(fileId: number, query: FragmentPageQuery) {
  return useQuery({
    queryKey: [...fragmentKeys.all, fileId, query],
    queryFn: () => fragmentApi.page(fileId, query),
    placeholderData: keepPreviousData,
  });
}

/** A fragment changed: its document's fragment pages are read again. */
export function useFragmentUpdate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; body: FragmentUpdateBody; silent?: boolean }) =>
      fragmentApi.update(v.id, v.body, v.silent),
    onSettled: () => client.invalidateQueries({ queryKey: fragmentKeys.all }),
  });
}
