import { DICT_PERMISSIONS } from '@agent-console/contracts';
import { DICT_ROUTE_SCHEMAS } from '@agent-console/contracts/system-dict';
import { DICT_ROUTES } from '@agent-console/contracts/system-dict-routes';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../http/app-deps';
import { serveRoutes } from '../../../http/serve-routes';
import { getDictCache, rebuildDictCache } from './dict-cache';
import { createDictEntry, deleteDictEntries, pageDictEntries, updateDictEntry } from './dict-entry.service';
import { createDictType, deleteDictTypes, pageDictTypes, updateDictType } from './dict-type.service';

/**
 * Dictionaries: SPEC §7 "Dict (/system/dict)" and "Dict entry (/system/dict/entry)".
 * Dictionaries are product-wide enumerations, not customer data, so no data scope applies;
 * the permission codes alone decide who may change them.
 */
export async function dictRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const route = serveRoutes(app, DICT_ROUTES, DICT_ROUTE_SCHEMAS, ['system/dict']);
  const P = DICT_PERMISSIONS;

  route('page', { permission: P.list }, (r) => pageDictTypes(db, r.body));
  route('save', { permission: P.add, shared: true }, (r) => createDictType(db, r.body));
  route('update', { permission: P.edit, shared: true }, (r) => updateDictType(db, r.params.id, r.body));
  route('remove', { permission: P.remove, shared: true }, async (r) => {
    await deleteDictTypes(db, r.body.ids);
    return null;
  });
  // Rebuilding the cache changes no dictionary, and every sign-in of an editor calls it (SPEC §4):
  // kept out of the operation log, which it filled with copies of every dictionary.
  route('cacheUpdate', { permission: P.edit, shared: true, audit: false }, () => rebuildDictCache(db));
  // Every signed-in screen shows dictionary labels, so reading the cache needs no permission.
  route('cacheGet', {}, () => getDictCache(db));

  route('entryPage', { permission: P.list }, (r) => pageDictEntries(db, r.body));
  route('entrySave', { permission: P.add, shared: true }, (r) => createDictEntry(db, r.body));
  route('entryUpdate', { permission: P.edit, shared: true }, (r) => updateDictEntry(db, r.params.id, r.body));
  route('entryRemove', { permission: P.remove, shared: true }, async (r) => {
    await deleteDictEntries(db, r.body.ids);
    return null;
  });
}
