import { apiRoutes } from './api-route';
import type { DICT_ROUTE_SCHEMAS } from './system-dict';

/**
 * The dictionary routes' path table, in a file of its own: the sign-in page's dictionary cache
 * calls it, and a module goes whole into one chunk, so beside the schemas (which the dictionary
 * screen uses) it would bring them and zod to the sign-in page (apps/web/entry-guard.ts).
 */
export const DICT_ROUTES = apiRoutes<typeof DICT_ROUTE_SCHEMAS>({
  page: 'POST /api/v3/system/dict/page',
  save: 'POST /api/v3/system/dict/save',
  update: 'POST /api/v3/system/dict/update/:id',
  remove: 'POST /api/v3/system/dict/delete',
  cacheUpdate: 'GET /api/v3/system/dict/cache/update',
  cacheGet: 'GET /api/v3/system/dict/cache/get',
  entryPage: 'POST /api/v3/system/dict/entry/page',
  entrySave: 'POST /api/v3/system/dict/entry/save',
  entryUpdate: 'POST /api/v3/system/dict/entry/update/:id',
  entryRemove: 'POST /api/v3/system/dict/entry/delete',
});
