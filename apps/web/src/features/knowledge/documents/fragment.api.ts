import type { FragmentPageQuery, FragmentUpdateBody, KnowledgeFragment, PageResult } from '@agent-console/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../platform/api/client';

const BASE = '/api/v3/knowledge';

/** The query string of a fragment page; empty values are left out, as the server reads them as absent. */
function pageQuery(query: FragmentPageQuery): string {
  const params = new URLSearchParams();
  if (query.pageNum) params.set('pageNum', String(query.pageNum));
  if (query.pageSize) params.set('pageSize', String(query.pageSize));
  if (query.keyword?.trim()) params.set('keyword', query.keyword.trim());
  return params.toString();
}

export const fragmentApi = {
  page: (fileId: number, query: FragmentPageQuery) =>
    api.get<PageResult<KnowledgeFragment>>(`${BASE}/file/${fileId}/fragments?${pageQuery(query)}`),
  /** `silent`: the caller shows a failure in place (the edit dialog) instead of a toast. */
  update: (id: number, body: FragmentUpdateBody, silent = false) =>
    api.post<KnowledgeFragment>(`${BASE}/fragment/update/${id}`, body, { silent }),
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
