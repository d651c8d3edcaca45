/**
 * The path a request names once every spelling trick is undone: percent-encoding decoded,
 * repeated slashes collapsed, dot segments resolved, lower-cased, no trailing slash. Only used to
 * decide how to answer a request that matched no route (404 envelope or the web app), never to
 * decide access: access follows the matched route's own config.
 */
export function canonicalPath(url: string): string {
  const raw = url.split(/[?#]/, 1)[0] ?? '';
  let decoded = raw;
  // Decoding twice catches `%2561`; more layers than that are not a path anyone types.
  for (let i = 0; i < 2; i++) {
    try {
      const next = decodeURIComponent(decoded);
      if (next === decoded) break;
      decoded = next;
    } catch {
      break;
    }
  }
  const segments: string[] = [];
  for (const segment of decoded.replaceAll('\\', '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`.toLowerCase();
}

/** Whether a request is aimed at the API, however its path is spelled. */
export function isApiPath(url: string): boolean {
  const path = canonicalPath(url);
  return path === '/api' || path.startsWith('/api/');
}
