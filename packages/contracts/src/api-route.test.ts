import { describe, expect, it } from 'vitest';
import { apiRoutes, routeUrl } from './api-route';

const schemas = {
  page: { summary: 'page' },
  update: { summary: 'update' },
  download: { summary: 'download' },
};
const ROUTES = apiRoutes<typeof schemas>({
  page: 'POST /api/v3/things/page',
  update: 'POST /api/v3/things/update/:id',
  download: 'GET /api/v3/things/:kind/file/:id',
});

describe('apiRoutes', () => {
  it('splits each line into its method and path', () => {
    expect(ROUTES.page).toEqual({ method: 'POST', path: '/api/v3/things/page' });
    expect(ROUTES.download).toEqual({ method: 'GET', path: '/api/v3/things/:kind/file/:id' });
  });
});

describe('routeUrl', () => {
  it('fills each path parameter, encoded', () => {
    expect(routeUrl(ROUTES.update, { id: 7 })).toBe('/api/v3/things/update/7');
    expect(routeUrl(ROUTES.download, { kind: 'a b/c', id: '9' })).toBe('/api/v3/things/a%20b%2Fc/file/9');
  });

  it('adds the query, leaving out fields with no value', () => {
    expect(routeUrl(ROUTES.page, undefined, { q: 'x&y', n: 2, on: false, none: undefined })).toBe(
      '/api/v3/things/page?q=x%26y&n=2&on=false',
    );
    expect(routeUrl(ROUTES.page, undefined, { none: undefined })).toBe('/api/v3/things/page');
  });

  it('refuses a missing parameter rather than calling a wrong path', () => {
    expect(() => routeUrl(ROUTES.update)).toThrow('POST /api/v3/things/update/:id: no value for :id');
  });
});
