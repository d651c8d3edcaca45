import type {
  App,
  AppPageQuery,
  AppSave,
  VisitorConversationPageQuery,
  VisitorReplyRequest,
} from '@agent-console/contracts';
import { APP_INFO_ROUTES as R } from '@agent-console/contracts/app-info';
import { APP_VISITOR_ROUTES as V } from '@agent-console/contracts/app-visitor';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api/call';
import { conversationKeys } from './conversation';
import { usePageQuery, useRefreshingMutation } from './list-query';

export const appInfoApi = {
  list: (customerId?: number) => call(R.options, { query: customerId ? { customerId } : {} }),
  page: (body: AppPageQuery) => call(R.page, { body }),
  save: (body: AppSave) => call(R.save, { body }, { silent: true }),
  update: (id: number, body: AppSave) => call(R.update, { params: { id }, body }, { silent: true }),
  port: () => call(R.port),
  start: (id: number) => call(R.start, { params: { id } }),
  stop: (id: number) => call(R.stop, { params: { id } }),
  remove: (id: number) => call(R.remove, { params: { id } }),
  rotateKey: (id: number) => call(R.rotateKey, { params: { id } }),
  /** A new website widget key: pages carrying the old one stop chatting at once. */
  rotateWidgetKey: (id: number) => call(R.rotateWidgetKey, { params: { id } }),
  /** One page of an app's website visitors' conversations. */
  visitors: (body: VisitorConversationPageQuery) => call(V.page, { body }),
  /** One visitor's conversation with its questions, answers and sources. */
  visitor: (id: number) => call(V.transcript, { params: { id } }),
  /** A person writes to a visitor. */
  visitorReply: (body: VisitorReplyRequest) => call(V.reply, { body }),
  /** A person has dealt with a visitor waiting for one. */
  visitorHandled: (id: number) => call(V.handled, { params: { id } }),
  /** The app's name and welcome as the widget shows them; silent: the preview shows a failure in place. */
  widgetPreview: (id: number) => call(V.preview, { params: { id } }, { silent: true }),
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
