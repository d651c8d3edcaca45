import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { AI_ACCESS_PERMISSIONS, KNOWLEDGE_FILE_PERMISSIONS, KNOWLEDGE_QA_PERMISSIONS } from '@agent-console/contracts';
import {
  makePdf,
  makeXlsx,
  multipartBody,
  type Part,
  postMultipart,
} from '@agent-console/server/test/fixtures/knowledge';
import { createScopedUser, type ScopedUser } from '@agent-console/server/test/fixtures/users';
import { createTestApp, type TestApp } from '@agent-console/server/test/test-app';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledgeFiles, storedObjects } from '../../../db/schema';
import { DEFAULT_STORAGE_QUOTA_MB, MIB, newStorageKey } from '../../../storage/object-storage';
import { closeParsePool } from '../../knowledge/documents/parse-pool';
import { storageUsage } from './oss.service';

/**
 * Issue 11, item 13: any signed-in user could store attachments with no permission and no limit.
 * Uploads and reads now need the knowledge screen's permissions, every customer has a storage
 * quota (STORAGE_QUOTA_MB) counted over all its stored objects (documents, QA import sheets,
 * attachments), and no malformed multipart body answers 5xx (item 10).
 */
const K = KNOWLEDGE_FILE_PERMISSIONS;
const Q = KNOWLEDGE_QA_PERMISSIONS;
const QUOTA = DEFAULT_STORAGE_QUOTA_MB * MIB;

let t: TestApp;
let admin: string;
let qaOnly: ScopedUser;
let uploader: ScopedUser;
let full: ScopedUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loginAdmin();
  qaOnly = await createScopedUser(t, [Q.list, Q.import]);
  uploader = await createScopedUser(t, [K.list, K.upload]);
  full = await createScopedUser(t, [K.list, K.upload, K.edit, K.remove, Q.list, Q.import]);
});
afterAll(async () => {
  await t.close();
  await closeParsePool();
});

const ossUpload = (token: string, purpose: string, filename: string, data: Buffer) =>
  postMultipart<{ id: number; url: string }>(t, '/api/v3/oss/file/upload', token, [{ name: 'file', filename, data }], {
    'x-file-purpose': purpose,
  });

const qaImport = (token: string, filename: string, data: Buffer, newFileName: string) =>
  postMultipart<{ id: number; status: string }>(t, '/api/v3/qa-file/upload', token, [
    { name: 'newFileName', value: newFileName },
    { name: 'file', filename, data },
  ]);

async function objectCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(storedObjects);
  return row?.n ?? 0;
}

async function filesOnDisk(): Promise<number> {
  const entries = await readdir(t.filesDir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).length;
}

/** A stored-object row of `size` bytes for the customer (its usage), with no bytes behind it. */
async function occupy(customerId: number, size: number): Promise<number> {
  const [row] = await t.database.db
    .insert(storedObjects)
    .values({
      customerId,
      ownerUserId: null,
      storageKey: newStorageKey(customerId, randomUUID()),
      originalName: 'earlier uploads',
      mime: 'application/pdf',
      kind: 'pdf',
      size,
      sha256: '0'.repeat(64),
      purpose: 'attachment',
    })
    .returning({ id: storedObjects.id });
  if (!row) throw new Error('occupy failed');
  return row.id;
}

/** Occupies the customer's quota up to `free` remaining bytes. */
async function leaveFree(customerId: number, free: number): Promise<number> {
  return occupy(customerId, QUOTA - (await storageUsage(t.database.db, customerId)) - free);
}

async function release(objectId: number): Promise<void> {
  await t.database.db.delete(storedObjects).where(eq(storedObjects.id, objectId));
}

describe('permissions of the object store', () => {
  it('refuses every upload purpose to a user without the knowledge upload permission', async () => {
    const before = await objectCount();
    for (const [purpose, name, data] of [
      ['attachment', 'a.pdf', makePdf(['x'])],
      ['image', 'a.png', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')],
      ['knowledge', 'a.pdf', makePdf(['x'])],
      ['qa-import', 'a.csv', Buffer.from('q,a\nQ?,A.\n')],
    ] as const) {
      const res = await ossUpload(qaOnly.token, purpose, name, data);
      expect([purpose, res.status, res.body.code]).toEqual([purpose, 403, 'A0312']);
    }
    expect(await objectCount()).toBe(before);
  });

  it('welcome-message uploads (attachment, image) need the new-customer access edit permission, not knowledge upload', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const before = await objectCount();
    expect((await ossUpload(uploader.token, 'attachment', 'notes.pdf', makePdf(['notes']))).body.code).toBe('A0312');
    expect((await ossUpload(uploader.token, 'image', 'a.png', png)).body.code).toBe('A0312');
    expect(await objectCount()).toBe(before);
    const welcomeEditor = await createScopedUser(t, [AI_ACCESS_PERMISSIONS.view, AI_ACCESS_PERMISSIONS.edit]);
    expect((await ossUpload(welcomeEditor.token, 'attachment', 'notes.pdf', makePdf(['notes']))).body.code).toBe(
      '00000',
    );
    expect((await ossUpload(welcomeEditor.token, 'image', 'a.png', png)).body.code).toBe('00000');
    // The welcome editor gets no way into the knowledge base through the object store.
    expect((await ossUpload(welcomeEditor.token, 'knowledge', 'doc.pdf', makePdf(['doc']))).body.code).toBe('A0312');
    // CSV is no welcome-message format (SPEC §5 lists PDF, DOC, XLS, PPT, TXT).
    expect((await ossUpload(welcomeEditor.token, 'attachment', 'a.csv', Buffer.from('a,b\n1,2\n'))).body.code).toBe(
      'A0701',
    );
  });

  it('lets the knowledge uploader store a document, and reads need the list permission', async () => {
    const stored = await ossUpload(uploader.token, 'knowledge', 'notes.pdf', makePdf(['notes']));
    expect(stored.body.code).toBe('00000');
    for (const url of [
      `/api/v3/oss/file/url/${stored.body.data.id}`,
      `/api/v3/oss/file/download/${stored.body.data.id}`,
    ]) {
      expect((await t.call('GET', url, { token: uploader.token })).status).toBe(200);
      expect((await t.call('GET', url, { token: qaOnly.token })).body.code).toBe('A0312');
    }
  });

  it('a QA import sheet stored through the object store also needs the import permission', async () => {
    const csv = Buffer.from('q,a\nQ?,A.\n');
    expect((await ossUpload(uploader.token, 'qa-import', 'q.csv', csv)).body.code).toBe('A0312');
    const sheet = await ossUpload(full.token, 'qa-import', 'q.csv', csv);
    expect(sheet.body.code).toBe('00000');
    expect((await t.call('GET', `/api/v3/oss/file/url/${sheet.body.data.id}`, { token: full.token })).status).toBe(200);
  });
});

describe('per-customer storage quota', () => {
  it('refuses an upload that would pass the quota with A0703, storing nothing', async () => {
    const filler = await leaveFree(full.customerId, 100);
    try {
      const objects = await objectCount();
      const files = await filesOnDisk();
      const res = await ossUpload(full.token, 'knowledge', 'over.pdf', makePdf(['one page too many']));
      expect(res.status).toBe(413);
      expect(res.body.code).toBe('A0703');
      expect(res.body.message).toBe('Storage quota exceeded');
      expect(await objectCount()).toBe(objects);
      expect(await filesOnDisk()).toBe(files);
      // Another customer is not affected.
      expect((await ossUpload(admin, 'knowledge', 'fine.pdf', makePdf(['fine']))).body.code).toBe('00000');
    } finally {
      await release(filler);
    }
    // Usage is what is stored: with the filler gone, the same upload fits.
    expect((await ossUpload(full.token, 'knowledge', 'now.pdf', makePdf(['fits now']))).body.code).toBe('00000');
  });

  it('counts QA import sheets against the same quota, and a refused import leaves no source document', async () => {
    const filler = await leaveFree(full.customerId, 100);
    try {
      const sheet = await makeXlsx([
        ['question', 'answer'],
        ['Is there room?', 'No.'],
      ]);
      const res = await qaImport(full.token, 'qa.xlsx', sheet, 'Over quota import');
      expect(res.body.code).toBe('A0703');
      const [left] = await t.database.db
        .select({ n: count() })
        .from(knowledgeFiles)
        .where(eq(knowledgeFiles.name, 'Over quota import'));
      expect(left?.n).toBe(0);
    } finally {
      await release(filler);
    }
  });

  it('usage is the sum of the customer’s stored objects, and purging a source frees its import sheets', async () => {
    const before = await storageUsage(t.database.db, full.customerId);
    const pdf = makePdf(['counted']);
    expect((await ossUpload(full.token, 'knowledge', 'counted.pdf', pdf)).body.code).toBe('00000');
    const csv = Buffer.from('question,answer\nCounted?,Yes.\n');
    const imported = await qaImport(full.token, 'counted.csv', csv, 'Counted source');
    expect(imported.body.code).toBe('00000');
    expect(await storageUsage(t.database.db, full.customerId)).toBe(before + pdf.length + csv.length);

    const [source] = await t.database.db
      .select({ id: knowledgeFiles.id })
      .from(knowledgeFiles)
      .where(eq(knowledgeFiles.name, 'Counted source'));
    for (const action of ['recycle', 'purge']) {
      const res = await t.call('POST', '/api/v3/knowledge/batch/update', {
        token: full.token,
        body: { ids: [source?.id], action },
      });
      expect(res.body.code).toBe('00000');
    }
    expect(await storageUsage(t.database.db, full.customerId)).toBe(before + pdf.length);
  });

  it('two uploads at once cannot both squeeze into the last free bytes', async () => {
    const pdf = makePdf(['race']);
    const filler = await leaveFree(full.customerId, Math.floor(pdf.length * 1.5));
    try {
      const answers = await Promise.all([1, 2].map((i) => ossUpload(full.token, 'knowledge', `race${i}.pdf`, pdf)));
      expect(answers.map((a) => a.body.code).sort()).toEqual(['00000', 'A0703']);
      expect(await storageUsage(t.database.db, full.customerId)).toBeLessThanOrEqual(QUOTA);
    } finally {
      await release(filler);
    }
  });
});

describe('malformed multipart bodies answer A04xx on every upload route', () => {
  const routes: Array<{ label: string; url: string; headers: Record<string, string>; fields: Part[] }> = [
    {
      label: 'knowledge upload',
      url: '/api/v3/oss/file/upload',
      headers: { 'x-file-purpose': 'knowledge' },
      fields: [],
    },
    {
      label: 'attachment upload',
      url: '/api/v3/oss/file/upload',
      headers: { 'x-file-purpose': 'attachment' },
      fields: [],
    },
    { label: 'QA import', url: '/api/v3/qa-file/upload', headers: {}, fields: [{ name: 'newFileName', value: 'M' }] },
  ];

  function cases(fields: Part[]): Array<[string, string, Buffer, string]> {
    const good = multipartBody([...fields, { name: 'file', filename: 'a.pdf', data: makePdf(['x']) }]);
    const out: Array<[string, string, Buffer, string]> = [
      ['no boundary', 'multipart/form-data', good.payload, 'A0427'],
      ['a wrong boundary', 'multipart/form-data; boundary=not-the-one', good.payload, 'A0427'],
      ['a body cut short', good.contentType, good.payload.subarray(0, good.payload.length - 40), 'A0427'],
      ['a body cut in the headers', good.contentType, good.payload.subarray(0, 30), 'A0427'],
    ];
    const unnamed = multipartBody([...fields, { name: 'file', filename: '', data: makePdf(['x']) }]);
    out.push(['an empty file name', unnamed.contentType, unnamed.payload, 'A0410']);
    for (const n of [1, 2, 3]) {
      const tiny = multipartBody([
        ...fields,
        { name: 'file', filename: 'a.csv', data: Buffer.from('q,a'.slice(0, n)) },
      ]);
      out.push([`a ${n}-byte file`, tiny.contentType, tiny.payload, 'A0420']);
    }
    const pdf = { name: 'file', filename: 'a.pdf', data: makePdf(['x']) };
    const two = multipartBody([...fields, pdf, { ...pdf, filename: 'b.pdf' }]);
    out.push(['two files', two.contentType, two.payload, 'A0420']);
    const crowded = multipartBody([
      ...fields,
      ...Array.from({ length: 20 }, (_, i) => ({ name: `f${i}`, value: 'v' })),
      pdf,
    ]);
    out.push(['twenty fields', crowded.contentType, crowded.payload, 'A0420']);
    return out;
  }

  for (const route of routes) {
    it(`${route.label}: no boundary, a wrong one, a cut body, an empty name, 1–3 bytes, two files, too many fields`, async () => {
      const objects = await objectCount();
      for (const [label, contentType, payload, code] of cases(route.fields)) {
        const res = await t.app.inject({
          method: 'POST',
          url: route.url,
          payload,
          headers: {
            'content-type': contentType,
            authorization: `Bearer ${admin}`,
            'accept-language': 'en',
            ...route.headers,
          },
        });
        expect([label, res.statusCode, res.json().code]).toEqual([label, 400, code]);
      }
      expect(await objectCount()).toBe(objects);
    });
  }
});
