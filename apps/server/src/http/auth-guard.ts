import { pickLanguage } from '@agent-console/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import { hasPermission, lacksRulePermission } from './permission';
import type { AuthContext } from './request-context';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S{1,200})$/i.exec(header);
  return match?.[1] ?? null;
}

/** Resolves a bearer token to its caller, or null; the composition root supplies it. */
export type ResolveAuth = (token: string) => Promise<AuthContext | null>;

/**
 * One guard for every route. It decides only from the route the router matched — its `public`,
 * `permission`, `permissionWhen` and `shared` config — never from the request's URL text, so no
 * spelling of a path (percent-encoding, `//`, dot segments, case) reaches a handler without that
 * handler's checks. Every route is private unless its config says `public`; a request that matched
 * no route goes to the not-found handler, which serves no data. It runs on request, before the
 * body is parsed, so an anonymous caller never gets its body read (http/request-hooks.ts).
 */
export async function guardRoute(request: FastifyRequest, resolveAuth: ResolveAuth): Promise<void> {
  request.lang = pickLanguage(request.headers['accept-language']);
  if (!request.routeOptions.url) return;
  const config = request.routeOptions.config;
  const token = bearerToken(request);
  if (token) request.auth = await resolveAuth(token);
  if (config.public) return;
  if (!request.auth) throw new AppError('A0301');
  if (config.permission && !hasPermission(request.auth, config.permission)) throw new AppError('A0312');
  // Objects shared by every customer (menus, buttons, dictionaries) are changed only with scope "all".
  if (config.shared && !request.auth.dataScope.all) throw new AppError('A0312');
}

/**
 * Permissions chosen by a value of the request need the parsed body. They are decided before
 * validation, like the route's own permission, so a caller without them learns nothing of the
 * body's rules; before the input guard, so they also come first.
 */
export function guardRequestValues(request: FastifyRequest): void {
  const rules = request.routeOptions.config.permissionWhen;
  if (!rules?.length || !request.auth) return;
  if (lacksRulePermission(rules, request, request.auth)) throw new AppError('A0312');
}

/** The caller of a private route; the guard has already refused anonymous calls. */
export function requireAuth(request: FastifyRequest) {
  if (!request.auth) throw new AppError('A0301');
  return request.auth;
}
