import { type BusinessType, toStorableText } from '@agent-console/contracts';

/**
 * Values under keys like these never reach a log row. A QR login's image and content are bearer
 * links (whoever opens the code's link can confirm the login), and an invitation code lets anyone
 * register into its customer, so they count as secrets too.
 */
const SECRET_KEY = /pass|token|secret|authorization|api_?key|invitation|^qr/i;
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

/**
 * Business type by the words of the path (camelCase split: "qaSave" is "qa" and "save", while
 * "address" never reads as "add"), the last segment first, then the others; earlier rules win.
 */
const TYPE_RULES: ReadonlyArray<[BusinessType, readonly string[]]> = [
  ['export', ['export']],
  ['import', ['import', 'upload']],
  ['clean', ['clean']],
  ['forceLogout', ['logout']],
  ['delete', ['delete', 'remove']],
  ['takeOver', ['takeover']],
  ['release', ['release']],
  ['resolve', ['resolve']],
  ['send', ['send', 'reply']],
  ['start', ['start']],
  ['stop', ['stop']],
  ['run', ['exec', 'run', 'sweep', 'retry', 'test']],
  ['sync', ['sync', 'init', 'refresh']],
  ['grant', ['grant', 'permission', 'assign', 'authrole']],
  ['insert', ['save', 'add', 'create', 'insert', 'register']],
  ['update', ['update', 'edit', 'enable', 'disable', 'set', 'change', 'reset', 'status', 'rotate']],
];

const wordsOf = (segment: string) => segment.split(/(?<=[a-z0-9])(?=[A-Z])|[-_.]/).map((w) => w.toLowerCase());

const typeOfWords = (words: ReadonlySet<string>) => TYPE_RULES.find(([, list]) => list.some((w) => words.has(w)))?.[0];

export function businessTypeOf(routeUrl: string): BusinessType {
  const segments = staticSegments(routeUrl).slice(1); // without "api"
  const last = new Set(wordsOf(segments[segments.length - 1] ?? ''));
  const all = new Set(segments.flatMap(wordsOf));
  const fromLast = typeOfWords(last);
  // Saving or updating a role's permissions is a grant (role/permission/update/{id}).
  if ((!fromLast || fromLast === 'update' || fromLast === 'insert') && typeOfWords(all) === 'grant') return 'grant';
  return fromLast ?? typeOfWords(all) ?? 'other';
}

/** The module of a call: its OpenAPI tag, else the path between /api[/v3] and the action. */
export function titleOf(routeUrl: string, tags: readonly string[] | undefined): string {
  if (tags?.[0]) return tags[0];
  const segments = staticSegments(routeUrl).filter((s) => s !== 'api' && s !== 'v3');
  return (segments.length > 1 ? segments.slice(0, -1) : segments).join('/') || 'api';
}

/** A route's say in the audit: `false` never records it; an object records it with these values. */
export interface AuditRouteConfig {
  title?: string;
  type?: BusinessType;
  /**
   * A route serving several commands (`process-command`) names the one called: the body's value
   * under this key is added to the title, "ai-role: saveMainPrompt".
   */
  commandKey?: string;
}

/**
 * What a call of a route is recorded as (its module and business type), or null when it is not
 * recorded: a read, or a route that says `audit: false`. The route table keeps it for every route,
 * so a test can check that each module and type has words in every language.
 */
export function auditTarget(
  method: string,
  routeUrl: string,
  override: false | AuditRouteConfig | undefined,
  tags: readonly string[] | undefined,
): { title: string; type: BusinessType } | null {
  if (!routeUrl.startsWith('/api/') || override === false) return null;
  if (!override && !isWriteCall(method, routeUrl)) return null;
  return { title: override?.title ?? titleOf(routeUrl, tags), type: override?.type ?? businessTypeOf(routeUrl) };
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
