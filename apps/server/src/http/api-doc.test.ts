import { readFileSync } from 'node:fs';
import { useTestApp } from '@agent-console/server/test/test-app';
import { expect, it } from 'vitest';

/**
 * docs/api.md says reads are GET and writes POST, and lists the writes the specification has as
 * GET. The list must be the routes' own: a GET route the operation log records as a write
 * (`http/audit-rules.ts`) and the doc does not name, or one it names that is gone, fails here.
 */
const t = useTestApp();

it('docs/api.md lists exactly the GET routes that write', () => {
  const doc = readFileSync(new URL('../../../../docs/api.md', import.meta.url), 'utf8');
  const block = doc.split('<!-- get-writes -->')[1]?.split('<!-- /get-writes -->')[0] ?? '';
  const listed = [...block.matchAll(/`GET (\/api\/[^`]+)`/g)].map((m) => m[1]);
  const writes = t.app.routeTable.filter((r) => r.method === 'GET' && r.audit !== null && r.url.startsWith('/api/v3/'));
  expect(listed).toEqual([...new Set(writes.map((r) => r.url))].sort());
});
