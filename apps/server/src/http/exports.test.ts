import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_CATALOGUE, LANGUAGES } from '@agent-console/contracts';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { EXPORT_LIMITS, exportSlots } from '../lib/export-slots';
import type { RouteEntry } from './route-table';

/**
 * Issue hole 5 as a class: an export must stream and must take one of its customer's export
 * slots (http/download.ts `sendXlsx`). The routes are read from the route table, so a new export
 * route is checked without anyone listing it, and the sources are searched for any other way of
 * writing a workbook.
 */

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const { t, admin } = useAdminApp();
let adminCustomer: number;
const held: Array<() => void> = [];

beforeAll(async () => {
  const info = await t.call<{ customer: { id: number } }>('GET', '/api/v3/system/user/info', { token: admin() });
  adminCustomer = info.body.data.customer.id;
});
afterEach(() => {
  for (const release of held.splice(0)) release();
});

const exportRoutes = () => t.app.routeTable.filter((r) => r.method === 'POST' && r.url.endsWith('/export'));

/**
 * A body the route's schema accepts: `{}`, with each required field it then names filled with the
 * smallest value of its type, so that the route's own checks are what answers.
 */
function validBody(route: RouteEntry): Record<string, unknown> {
  const schema = route.schema?.body as z.ZodType | undefined;
  const body: Record<string, unknown> = {};
  for (let i = 0; schema && i < 10; i++) {
    const parsed = schema.safeParse(body);
    if (parsed.success) return body;
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0]);
      const expected = (issue as { expected?: string }).expected;
      body[key] = expected === 'number' ? 1 : expected === 'boolean' ? false : 'x';
    }
  }
  return body;
}

/** Every export route, called with a valid body, is refused with HTTP 429 and `code`. */
async function expectEveryExportRefused(code: string): Promise<void> {
  for (const route of exportRoutes()) {
    const res = await t.call('POST', route.url, { token: admin(), body: validBody(route) });
    expect({ url: route.url, status: res.status, code: res.body.code }).toEqual({ url: route.url, status: 429, code });
  }
}

/** Every source file of the server that is not a test. */
function sources(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [file] : [];
  });
}

describe('every export', () => {
  it('is found in the route table', () => {
    expect(exportRoutes().map((r) => r.url)).toEqual(
      expect.arrayContaining([
        '/api/v3/qa-file/export',
        '/api/v3/system/user/export',
        '/api/v3/monitor/operation/log/export',
        '/api/v3/monitor/log/login/export',
        '/api/v3/monitor/online/user/export',
        '/api/v3/metrics/customer/session/export',
        '/api/v3/app/item/export',
      ]),
    );
  });

  it('is refused with A0502, in the caller’s language, while its customer has an export running', async () => {
    held.push(exportSlots.acquire(adminCustomer));
    await expectEveryExportRefused('A0502');
    const url = '/api/v3/system/user/export';
    for (const [lang, header] of [
      ['en', 'en'],
      ['zh-chs', 'zh-CN'],
      ['zh-cht', 'zh-TW'],
      ['ja', 'ja'],
    ] as const) {
      const res = await t.call('POST', url, { token: admin(), body: {}, lang: header });
      expect(res.body.message).toBe(ERROR_CATALOGUE.A0502.messages[lang]);
    }
    expect(LANGUAGES).toHaveLength(4);
  });

  it('is refused with A0503 while the server runs all the exports it takes, whoever runs them', async () => {
    for (let i = 0; i < EXPORT_LIMITS.perProcess; i++) held.push(exportSlots.acquire(-1 - i));
    await expectEveryExportRefused('A0503');
  });

  it('gives its slot back when it answers an error before the file starts', async () => {
    const res = await t.call('POST', '/api/v3/app/item/export', { token: admin(), body: { namespaceId: 999_999 } });
    expect(res.body.code).toBe('A0404');
    expect(exportSlots.running()).toBe(0);
    const ok = await t.call('POST', '/api/v3/system/user/export', { token: admin(), body: {} });
    expect(ok.status).toBe(200);
    // Free by the time the client has the whole file: the next export may start at once.
    expect(exportSlots.running()).toBe(0);
  });

  it('is written by the one streaming writer: no other source builds a workbook', () => {
    const writers = /new ExcelJS\.Workbook\(|\.writeBuffer\(|WorkbookWriter|\.xlsx\.write(File)?\(|\.csv\.write/;
    const found = sources()
      .filter((file) => writers.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(SRC, file));
    expect(found).toEqual(['lib/xlsx-stream.ts']);
  });
});
