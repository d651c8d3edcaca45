import { type BusinessType, toStorableText } from '@agent-console/contracts';

/**
 * Values under keys like these never reach a log row. A QR login's image and content are bearer
 * links (whoever opens the code's link can confirm the login), so they count as secrets too.
 */
const SECRET_KEY = /pass|token|secret|authorization|api_?key|^qr/i;
export const MASK = '******';
/** Params and result are capped so that one huge call cannot bloat the log. */
export const AUDIT_TEXT_MAX = 2000;

/**
 * Whether a call is a write worth recording, from its method and URL pattern. POST is a write
 * unless its last fixed segment names a read (page, list, tree, ...); GET is a read unless its
 * last fixed segment names an action (SPEC §7 has GET delete/{id}, GET clean, GET exec/{id}, ...).
 * Exports are recorded: they are the one read that lets data leave the system.
 */
const READ_SEGMENT = /^(page|list|tree|all|query|search|get|info|detail|count|options|preview|check|qapage)/i;
const ACTION_SEGMENT =
  /^(delete|remove|clean|logout|exec|run|reset|start|stop|sync|refresh|init|update|enable|disable|set|test)/i;

export function staticSegments(routeUrl: string): string[] {
  return routeUrl
    .split('?')[0]
    ?.split('/')
    .filter((s) => s && !s.startsWith(':') && !s.startsWith('{')) as string[];
}

export function isWriteCall(method: string, routeUrl: string): boolean {
  const segments = staticSegments(routeUrl);
  const last = segments[segments.length - 1] ?? '';
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return ACTION_SEGMENT.test(last);
  if (method !== 'POST') return true;
  if (/export/i.test(last)) return true;
  return !READ_SEGMENT.test(last);
}

const GRANT = /grant|permission|assign|authrole/i;

/** Business type by the words of the path, most specific first. */
const TYPE_RULES: Array<[RegExp, BusinessType]> = [
  [/export/i, 'export'],
  [/import|upload/i, 'import'],
  [/clean/i, 'clean'],
  [/logout/i, 'forceLogout'],
  [/delete|remove/i, 'delete'],
  [GRANT, 'grant'],
  [/save|add|create|insert|register/i, 'insert'],
  [/update|edit|enable|disable|set|change|reset|status/i, 'update'],
];

export function businessTypeOf(routeUrl: string): BusinessType {
  const segments = staticSegments(routeUrl).slice(1); // without "api"
  const last = segments[segments.length - 1] ?? '';
  const joined = segments.join('/');
  const fromLast = TYPE_RULES.find(([re]) => re.test(last))?.[1];
  // Saving or updating a role's permissions is a grant (role/permission/update/{id}).
  if ((!fromLast || fromLast === 'update' || fromLast === 'insert') && GRANT.test(joined)) return 'grant';
  return fromLast ?? TYPE_RULES.find(([re]) => re.test(joined))?.[1] ?? 'other';
}

/** The module of a call: its OpenAPI tag, else the path between /api[/v3] and the action. */
export function titleOf(routeUrl: string, tags: readonly string[] | undefined): string {
  if (tags?.[0]) return tags[0];
  const segments = staticSegments(routeUrl).filter((s) => s !== 'api' && s !== 'v3');
  return (segments.length > 1 ? segments.slice(0, -1) : segments).join('/') || 'api';
}

/**
 * A deep copy with secrets masked; depth-limited so that cycles cannot hang it. A secret is a
 * value under a secret-looking key, or the `value` of an object flagged `secret: true` (a secret
 * configuration item); a boolean flag itself is no secret and stays readable.
 */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.slice(0, 200).map((v) => maskSecrets(v, depth + 1));
  const flagged = (value as Record<string, unknown>).secret === true;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const hidden = (SECRET_KEY.test(key) && typeof v !== 'boolean') || (flagged && key === 'value');
    out[key] = hidden && v !== null && v !== undefined && v !== '' ? MASK : maskSecrets(v, depth + 1);
  }
  return out;
}

/** Capped, and storable whatever the caller sent: a refused NUL must still leave its audit row. */
export function capText(text: string, max = AUDIT_TEXT_MAX): string {
  const capped = text.length <= max ? text : `${text.slice(0, max - 1)}…`;
  return toStorableText(capped);
}

/** JSON text of a value with secrets masked and capped; null for nothing worth keeping. */
export function auditText(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  try {
    const text = JSON.stringify(maskSecrets(value));
    return text === undefined ? null : capText(text);
  } catch {
    return null;
  }
}
