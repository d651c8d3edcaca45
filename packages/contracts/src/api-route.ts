import type { z } from 'zod';

/**
 * A feature's routes are declared once, in its contract, as two tables with the same keys:
 *
 * - `<FEATURE>_ROUTE_SCHEMAS`: what each route takes and answers (zod), and its summary. The server
 *   registers from it (http/serve-routes.ts), checking every request and documenting the route.
 * - `<FEATURE>_ROUTES`: where each route is (`'POST /api/v3/...'`), typed from the schema table.
 *   The web calls through it (platform/api/call.ts) and the server registers at its paths, so a
 *   path is written once.
 *
 * Two tables rather than one because the web bundle carries no zod (docs/decisions.md "The web
 * bundle never contains zod"): the path table refers to the schema table by type only, so the web
 * reads paths and gets the types without the schemas' code.
 */
export interface RouteSchema {
  summary: string;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  /** The envelope's `data`; absent for a route that answers with a file or a stream. */
  answer?: z.ZodType;
}

export type RouteSchemas = Record<string, RouteSchema>;

export type HttpMethod = 'GET' | 'POST';

/** `'<METHOD> <path>'`; path parameters are written `:name`. */
export type RouteLine = `${HttpMethod} /api/${string}`;

/** One route as both sides know it. `S` is a phantom: it carries the schema's types, never a value. */
export interface ApiRoute<S extends RouteSchema = RouteSchema> {
  readonly method: HttpMethod;
  readonly path: string;
  readonly schema?: S;
}

export type ApiRoutes<S extends RouteSchemas> = { readonly [K in keyof S]: ApiRoute<S[K]> };

type SchemaOf<R> = R extends ApiRoute<infer S> ? S : never;
type InputOf<T> = T extends z.ZodType ? z.input<T> : undefined;

/** What the caller sends as the body (before the server's defaults and trimming). */
export type BodyOf<R> = InputOf<SchemaOf<R>['body']>;
/** The path parameters, by name. */
export type ParamsOf<R> = InputOf<SchemaOf<R>['params']>;
/** The query string's fields. */
export type QueryOf<R> = InputOf<SchemaOf<R>['querystring']>;
/** The envelope's `data` as the caller reads it. */
export type AnswerOf<R> = SchemaOf<R>['answer'] extends z.ZodType ? z.output<SchemaOf<R>['answer']> : never;

/** The path table of a feature, typed from its schema table (`apiRoutes<typeof X_ROUTE_SCHEMAS>({...})`). */
export function apiRoutes<S extends RouteSchemas>(lines: { readonly [K in keyof S]: RouteLine }): ApiRoutes<S> {
  const routes: Record<string, ApiRoute> = {};
  for (const [key, line] of Object.entries(lines) as [string, RouteLine][]) {
    const space = line.indexOf(' ');
    routes[key] = { method: line.slice(0, space) as HttpMethod, path: line.slice(space + 1) };
  }
  return routes as ApiRoutes<S>;
}

/**
 * The URL of a call: each `:name` of the path filled from `params` (encoded), then the query.
 * A missing parameter is a programming error, so it throws rather than calling a wrong path.
 */
export function routeUrl(
  route: ApiRoute,
  params?: Readonly<Record<string, string | number>>,
  query?: Readonly<Record<string, string | number | boolean | undefined>>,
): string {
  const path = route.path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${route.method} ${route.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  const pairs = Object.entries(query ?? {}).filter((entry): entry is [string, string | number | boolean] => {
    return entry[1] !== undefined;
  });
  if (!pairs.length) return path;
  return `${path}?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`).join('&')}`;
}
