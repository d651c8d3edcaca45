import {
  dictCacheSchema,
  dictEntryInputSchema,
  dictEntryPageQuerySchema,
  dictEntrySchema,
  dictIdParamSchema,
  dictIdsSchema,
  dictTypeInputSchema,
  dictTypePageQuerySchema,
  dictTypeSchema,
  envelopeSchema,
  PERMISSIONS,
  pageResultSchema,
} from '@agent-console/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../http/app-deps';
import { ok } from '../../../http/envelope';
import { getDictCache, rebuildDictCache } from './dict-cache';
import { createDictEntry, deleteDictEntries, pageDictEntries, updateDictEntry } from './dict-entry.service';
import { createDictType, deleteDictTypes, pageDictTypes, updateDictType } from './dict-type.service';

const BASE = '/api/v3/system/dict';
const tags = ['system/dict'];

/**
 * Dictionaries: SPEC §7 "Dict (/system/dict)" and "Dict entry (/system/dict/entry)".
 * Dictionaries are product-wide enumerations, not customer data, so no data scope applies;
 * the permission codes alone decide who may change them.
 */
export async function dictRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const P = PERMISSIONS.dict;

  app.post(
    `${BASE}/page`,
    {
      config: { permission: P.list },
      schema: {
        tags,
        summary: 'Dictionary type page list',
        body: dictTypePageQuerySchema,
        response: { 200: envelopeSchema(pageResultSchema(dictTypeSchema)) },
      },
    },
    async (request) => ok(await pageDictTypes(db, request.body)),
  );
  app.post(
    `${BASE}/save`,
    {
      config: { permission: P.add, shared: true },
      schema: {
        tags,
        summary: 'Create a dictionary type',
        body: dictTypeInputSchema,
        response: { 200: envelopeSchema(dictTypeSchema) },
      },
    },
    async (request) => ok(await createDictType(db, request.body)),
  );
  app.post(
    `${BASE}/update/:id`,
    {
      config: { permission: P.edit, shared: true },
      schema: {
        tags,
        summary: 'Change a dictionary type',
        params: dictIdParamSchema,
        body: dictTypeInputSchema,
        response: { 200: envelopeSchema(dictTypeSchema) },
      },
    },
    async (request) => ok(await updateDictType(db, request.params.id, request.body)),
  );
  app.post(
    `${BASE}/delete`,
    {
      config: { permission: P.remove, shared: true },
      schema: {
        tags,
        summary: 'Delete dictionary types without entries',
        body: dictIdsSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await deleteDictTypes(db, request.body.ids);
      return ok(null);
    },
  );
  app.get(
    `${BASE}/cache/update`,
    {
      config: { permission: P.edit, shared: true },
      schema: { tags, summary: 'Rebuild the dictionary cache', response: { 200: envelopeSchema(dictCacheSchema) } },
    },
    async () => ok(await rebuildDictCache(db)),
  );
  // Every signed-in screen shows dictionary labels, so reading the cache needs no permission.
  app.get(
    `${BASE}/cache/get`,
    {
      schema: {
        tags,
        summary: 'Enabled dictionaries with their entries',
        response: { 200: envelopeSchema(dictCacheSchema) },
      },
    },
    async () => ok(await getDictCache(db)),
  );

  app.post(
    `${BASE}/entry/page`,
    {
      config: { permission: P.list },
      schema: {
        tags,
        summary: 'Dictionary entry page list',
        body: dictEntryPageQuerySchema,
        response: { 200: envelopeSchema(pageResultSchema(dictEntrySchema)) },
      },
    },
    async (request) => ok(await pageDictEntries(db, request.body)),
  );
  app.post(
    `${BASE}/entry/save`,
    {
      config: { permission: P.add, shared: true },
      schema: {
        tags,
        summary: 'Create a dictionary entry',
        body: dictEntryInputSchema,
        response: { 200: envelopeSchema(dictEntrySchema) },
      },
    },
    async (request) => ok(await createDictEntry(db, request.body)),
  );
  app.post(
    `${BASE}/entry/update/:id`,
    {
      config: { permission: P.edit, shared: true },
      schema: {
        tags,
        summary: 'Change a dictionary entry',
        params: dictIdParamSchema,
        body: dictEntryInputSchema,
        response: { 200: envelopeSchema(dictEntrySchema) },
      },
    },
    async (request) => ok(await updateDictEntry(db, request.params.id, request.body)),
  );
  app.post(
    `${BASE}/entry/delete`,
    {
      config: { permission: P.remove, shared: true },
      schema: {
        tags,
        summary: 'Delete dictionary entries',
        body: dictIdsSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await deleteDictEntries(db, request.body.ids);
      return ok(null);
    },
  );
}
