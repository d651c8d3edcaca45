import type { PermissionCode } from '@agent-console/contracts';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from './request-context';

export function hasPermission(auth: AuthContext, code: string): boolean {
  return auth.isSuperAdmin || auth.permissions.has(code);
}

/**
 * A permission a route needs only for some requests: adding versus editing in one save route,
 * the deleting actions of a batch route, another user's profile rather than one's own. Declared in
 * the route's `config.permissionWhen` beside its `permission`, enforced by the auth guard and
 * recorded in the route table, so no handler or service checks permissions of its own.
 *
 * The deciding value is read from the parsed request before validation (see the guard), with the
 * same reading the route's schema gives it: a missing, null or empty value is absent, a path id
 * is compared as a number.
 */
export interface PermissionRule {
  /** Where the value is: the JSON body, the path parameters, or a header (lower-case name). */
  from: 'body' | 'params' | 'headers';
  key: string;
  /**
   * `absent` / `present`: whether the value is given; `otherUser`: the value is a user id that is
   * not the caller's own; `oneOf`: the value is one of these strings.
   */
  when: 'absent' | 'present' | 'otherUser' | { oneOf: readonly string[] };
  permission: PermissionCode;
}

function requestValue(rule: PermissionRule, request: FastifyRequest): unknown {
  const source = rule.from === 'body' ? request.body : rule.from === 'params' ? request.params : request.headers;
  return source && typeof source === 'object' && !Array.isArray(source)
    ? (source as Record<string, unknown>)[rule.key]
    : undefined;
}

const isAbsent = (value: unknown) => value === undefined || value === null || value === '';

export function ruleApplies(rule: PermissionRule, request: FastifyRequest, auth: AuthContext): boolean {
  const value = requestValue(rule, request);
  if (rule.when === 'absent') return isAbsent(value);
  if (rule.when === 'present') return !isAbsent(value);
  // Path ids are coerced with Number() by their schema; the same reading decides "own id".
  if (rule.when === 'otherUser') return isAbsent(value) || Number(value) !== auth.userId;
  return typeof value === 'string' && rule.when.oneOf.includes(value);
}

/** Whether the caller lacks a permission that this request's values make necessary. */
export function lacksRulePermission(
  rules: readonly PermissionRule[],
  request: FastifyRequest,
  auth: AuthContext,
): boolean {
  return rules.some((rule) => ruleApplies(rule, request, auth) && !hasPermission(auth, rule.permission));
}
