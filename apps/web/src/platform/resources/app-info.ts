import type {
  App,
  AppCreated,
  AppKey,
  AppOption,
  AppPageQuery,
  AppPort,
  AppSave,
  AppState,
  AppWidgetKey,
  PageResult,
  VisitorConversation,
  VisitorConversationPageQuery,
  VisitorReply,
  VisitorReplyRequest,
  VisitorTranscript,
  WidgetPreview,
} from '@agent-console/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { conversationKeys } from './conversation';
import { usePageQuery, useRefreshingMutation } from './list-query';

const BASE = '/api/v3/app/info';

export const appInfoApi = {
  list: (customerId?: number) =>
    api.get<AppOption[]>(`${BASE}/getList${customerId ? `?customerId=${customerId}` : ''}`),
  page: (body: AppPageQuery) => api.post<PageResult<App>>(`${BASE}/list/page`, body),
  save: (body: AppSave) => api.post<AppCreated>(`${BASE}/save`, body, { silent: true }),
  update: (id: number, body: AppSave) => api.post<App>(`${BASE}/update/${id}`, body, { silent: true }),
  port: () => api.get<AppPort>(`${BASE}/getPort`),
  start: (id: number) => api.get<AppState>(`${BASE}/startApp/${id}`),
  stop: (id: number) => api.get<AppState>(`${BASE}/stopApp/${id}`),
  remove: (id: number) => api.get<{ affected: number }>(`${BASE}/delete/${id}`),
  rotateKey: (id: number) => api.post<AppKey>(`${BASE}/rotateKey/${id}`),
  /** A new website widget key: pages carrying the old one stop chatting at once. */
  rotateWidgetKey: (id: number) => api.post<AppWidgetKey>(`${BASE}/rotateWidgetKey/${id}`),
  /** One page of an app's website visitors' conversations. */
  visitors: (body: VisitorConversationPageQuery) =>
    api.post<PageResult<VisitorConversation>>(`${BASE}/visitors/page`, body),
  /** One visitor's conversation with its questions, answers and sources. */
  visitor: (id: number) => api.get<VisitorTranscript>(`${BASE}/visitors/${id}`),
  /** A person writes to a visitor. */
  visitorReply: (body: VisitorReplyRequest) => api.post<VisitorReply>(`${BASE}/visitors/reply`, body),
  /** A person has dealt with a visitor waiting for one. */
  visitorHandled: (id: number) => api.post<VisitorConversation>(`${BASE}/visitors/handled/${id}`),
  /** The app's name and welcome as the widget shows them; silent: the preview shows a failure in place. */
  widgetPreview: (id: number) => api.get<WidgetPreview>(`${BASE}/visitors/preview/${id}`, { silent: true }),
};

export const appInfoKeys = { all: ['app', 'info'] as const };

/** The apps a picker offers, optionally of one customer; `enabled: false` waits until the picker opens. */
export function useAppOptions(customerId?: number, enabled = true) {
  return useQuery({
    queryKey: [...appInfoKeys.all, 'options', customerId ?? null],
    queryFn: () => appInfoApi.list(customerId),
    enabled,
  });
}

/** States that settle by themselves; the list asks again every second until none is left. */
const SETTLING = new Set<App['status']>(['starting', 'stopping']);

export function useAppPage(query: AppPageQuery) {
  return usePageQuery([...appInfoKeys.all, 'page'], appInfoApi.page, query, (data) =>
    data?.list.some((app) => SETTLING.has(app.status)) ? 1000 : false,
  );
}

/** One page of an app's website visitors' conversations (the widget drawer's Visitors tab). */
export function useVisitorPage(query: VisitorConversationPageQuery) {
  return usePageQuery([...appInfoKeys.all, 'visitors'], appInfoApi.visitors, query);
}

/** One visitor's conversation; nothing is asked while `id` is null. */
export function useVisitorTranscript(id: number | null) {
  return useQuery({
    queryKey: [...appInfoKeys.all, 'visitor', id],
    queryFn: () => appInfoApi.visitor(id ?? 0),
    enabled: id !== null,
  });
}

/** A write about a visitor: Home's count of those waiting is read again with the app's lists. */
const useVisitorWrite = <A, R>(write: (arg: A) => Promise<R>) =>
  useRefreshingMutation(appInfoKeys.all, write, { alsoRefreshes: [conversationKeys.needsPerson] });

/** Marks a visitor dealt with. */
export const useVisitorHandled = () => useVisitorWrite(appInfoApi.visitorHandled);
/** Writes to a visitor (which deals with them too). */
export const useVisitorReply = () => useVisitorWrite(appInfoApi.visitorReply);

/** A write of apps; the list and the pickers are refreshed after it. */
export function useAppMutation<A, R>(fn: (arg: A) => Promise<R>) {
  return useRefreshingMutation(appInfoKeys.all, fn);
}
