import {
  type AnswerOf,
  type ApiRoute,
  type BodyOf,
  type ParamsOf,
  type QueryOf,
  routeUrl,
} from '@agent-console/contracts';
import { type RequestOptions, request } from './client';

/** What a call sends: the path's parameters, the body and the query, each as its contract types it. */
export interface CallInput<R extends ApiRoute> {
  params?: ParamsOf<R>;
  body?: BodyOf<R>;
  query?: QueryOf<R>;
}

type Values = Readonly<Record<string, string | number>>;

/**
 * Calls a route of a contract's path table (`<FEATURE>_ROUTES`), so the web never writes a path
 * of its own: the method and path come from the table, the types of body and answer from the
 * route's schemas.
 */
export function call<R extends ApiRoute>(
  route: R,
  input: CallInput<R> = {},
  options?: Omit<RequestOptions, 'method' | 'body'>,
): Promise<AnswerOf<R>> {
  const url = routeUrl(route, input.params as Values | undefined, input.query as Values | undefined);
  return request<AnswerOf<R>>(url, {
    ...options,
    method: route.method,
    ...(route.method === 'POST' ? { body: input.body ?? {} } : {}),
  });
}
