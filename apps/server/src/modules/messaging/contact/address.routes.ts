import {
  contactInitBodySchema,
  contactInitParamsSchema,
  contactInitProgressSchema,
  contactLabelSchema,
  contactPageQuerySchema,
  contactSchema,
  envelopeSchema,
  labelListQuerySchema,
  PERMISSIONS,
  pageResultSchema,
  setRelationshipResultSchema,
  setRelationshipSchema,
} from '@agent-console/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { ok } from '../../../http/envelope';
import { listLabels, pageContacts, setRelationship } from './address.service';
import { addressInitProgress, requestAddressInit } from './address-init';

const BASE = '/api/v3/address';
const tags = ['chat/address'];

/** Contacts and labels of messaging accounts: SPEC §7 "Chat accounts and contacts", WAVE2 §2.5. */
export async function addressRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.post(
    `${BASE}/list/page`,
    {
      config: { permission: PERMISSIONS.chatAddress.list },
      schema: {
        tags,
        summary: 'Contacts of one account (filters, sort, page)',
        body: contactPageQuerySchema,
        response: { 200: envelopeSchema(pageResultSchema(contactSchema)) },
      },
    },
    async (request) => ok(await pageContacts(db, requireAuth(request), request.body)),
  );
  app.post(
    `${BASE}/initAddressList`,
    {
      config: { permission: PERMISSIONS.chatAddress.init },
      schema: {
        tags,
        summary: 'Start (or join) the initialisation of an account’s contacts; poll its progress',
        body: contactInitBodySchema,
        response: { 200: envelopeSchema(contactInitProgressSchema) },
      },
    },
    async (request) => ok(await requestAddressInit(db, deps.boss, requireAuth(request), request.body.accountId)),
  );
  // Polled every second by the screen: a read, never an operation-log row ("init" in the path
  // would otherwise count it as a write).
  app.get(
    `${BASE}/initAddressList/:accountId`,
    {
      config: { permission: PERMISSIONS.chatAddress.list, audit: false },
      schema: {
        tags,
        summary: 'Progress of the contact initialisation of an account',
        params: contactInitParamsSchema,
        response: { 200: envelopeSchema(contactInitProgressSchema) },
      },
    },
    async (request) => ok(await addressInitProgress(db, requireAuth(request), request.params.accountId)),
  );
  app.post(
    `${BASE}/setRelationship`,
    {
      config: { permission: PERMISSIONS.chatAddress.relationship },
      schema: {
        tags,
        summary: 'Set the relationship of 1–1000 contacts (all in scope, or nothing changes)',
        body: setRelationshipSchema,
        response: { 200: envelopeSchema(setRelationshipResultSchema) },
      },
    },
    async (request) => ok(await setRelationship(db, requireAuth(request), request.body)),
  );
  app.get(
    '/api/v3/label/getLabelList',
    {
      config: { permission: PERMISSIONS.chatAddress.list },
      schema: {
        tags,
        summary: 'Labels of one account, with how many live contacts carry each',
        querystring: labelListQuerySchema,
        response: { 200: envelopeSchema(z.array(contactLabelSchema)) },
      },
    },
    async (request) => ok(await listLabels(db, requireAuth(request), request.query.accountId)),
  );
}
