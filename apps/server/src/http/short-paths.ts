import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** The long reading's prefix (SPEC §7): every group's routes are registered under it. */
export const LONG_PREFIX = '/api/v3/';
const SHORT_PREFIX = '/api/';

/**
 * SPEC §7 gives every call two readings: `/api/v3/<group>/…` and the short `/api/<group>/…`. Routes
 * are registered once, under the long reading, and a request in the short reading is rewritten to
 * it before routing: it then meets the very route, with its permission, data scope, validation and
 * audit, so there is no second set of routes that could drift. Only a group that has routes is
 * rewritten; everything else under /api/ (sign-in, health, the gateway's callbacks, the docs) keeps
 * its own path, and a group whose name is also such a path is refused at start-up.
 */
export class ShortPaths {
  private groups: ReadonlySet<string> = new Set();

  /** Learns the groups from the registered routes; call once every route is registered. */
  learn(app: FastifyInstance): void {
    const groups = new Set<string>();
    const others = new Set<string>(['docs']);
    for (const route of app.routeTable) {
      if (route.url.startsWith(LONG_PREFIX)) groups.add(firstSegment(route.url, LONG_PREFIX));
      else others.add(firstSegment(route.url, SHORT_PREFIX));
    }
    const clash = [...groups].filter((group) => others.has(group) || group === 'v3');
    if (clash.length > 0) {
      throw new Error(
        `the short reading of ${clash.map((g) => `${LONG_PREFIX}${g}`).join(', ')} is taken by another path`,
      );
    }
    this.groups = groups;
  }

  /** The URL to route: the long reading of a short one, any other URL as it came. */
  readonly rewrite = (req: IncomingMessage): string => {
    const url = req.url ?? '/';
    if (!url.startsWith(SHORT_PREFIX)) return url;
    return this.groups.has(firstSegment(url, SHORT_PREFIX)) ? `${LONG_PREFIX}${url.slice(SHORT_PREFIX.length)}` : url;
  };
}

/** `/api/v3/system/user/page` with prefix `/api/v3/` → `system`; stops at `/`, `?` or `#`. */
function firstSegment(url: string, prefix: string): string {
  const rest = url.slice(prefix.length);
  const end = rest.search(/[/?#]/);
  return end === -1 ? rest : rest.slice(0, end);
}

/** A long-reading path in its short reading: `/api/v3/system/user/page` → `/api/system/user/page`. */
export function shortReading(path: string): string {
  return path.startsWith(LONG_PREFIX) ? `${SHORT_PREFIX}${path.slice(LONG_PREFIX.length)}` : path;
}
