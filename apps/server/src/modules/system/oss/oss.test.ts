import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fieldLabel, KNOWLEDGE_FILE_PERMISSIONS } from '@agent-console/contracts';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { makeDocx, makePdf, makeZipBombDocx, postMultipart } from '@agent-console/server/test/fixtures/knowledge';
import { createScopedUser, type ScopedUser } from '@agent-console/server/test/fixtures/users';
import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { storedObjects } from '../../../db/schema';

const { t, admin } = useAdminApp();
let userB: ScopedUser;
let noUpload: ScopedUser;

beforeAll(async () => {
  userB = await createScopedUser(t, [KNOWLEDGE_FILE_PERMISSIONS.list, KNOWLEDGE_FILE_PERMISSIONS.upload]);
  noUpload = await createScopedUser(t, [KNOWLEDGE_FILE_PERMISSIONS.list]);
});

const upload = (token: string, filename: string, data: Buffer, headers: Record<string, string> = {}) =>
  postMultipart<{ id: number; name: string; url: string; kind: string }>(
    t,
    '/api/v3/oss/file/upload',
    token,
    [{ name: 'file', filename, data }],
    { 'x-file-purpose': 'knowledge', ...headers },
  );

async function objectCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(storedObjects);
  return row?.n ?? 0;
}

async function filesOnDisk(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out.push(path.join(entry.parentPath, entry.name));
  }
  return out;
}

describe('POST /api/v3/oss/file/upload', () => {
  it('stores a PDF and serves it back with its original name', async () => {
    const pdf = makePdf(['Hello']);
    const res = await upload(admin(), '手册 v1.pdf', pdf);
    expect(res.body.code).toBe('00000');
    expect(res.body.data).toMatchObject({
      name: '手册 v1.pdf',
      kind: 'pdf',
      url: `/api/v3/oss/file/download/${res.body.data.id}`,
    });

    const url = await t.call<{ url: string }>('GET', `/api/v3/oss/file/url/${res.body.data.id}`, { token: admin() });
    expect(url.body.data.url).toBe(res.body.data.url);

    const file = await t.app.inject({
      method: 'GET',
      url: res.body.data.url,
      headers: { authorization: `Bearer ${admin()}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(String(file.headers['content-disposition'])).toContain(
      `filename*=UTF-8''${encodeURIComponent('手册 v1.pdf')}`,
    );
    expect(file.rawPayload.equals(pdf)).toBe(true);
  });

  it('refuses an 11MB PDF while streaming, leaving nothing stored', async () => {
    const before = await objectCount();
    const big = Buffer.concat([makePdf(['x']), Buffer.alloc(11 * 1024 * 1024, 32)]);
    const res = await upload(admin(), 'big.pdf', big);
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('A0702');
    expect(await objectCount()).toBe(before);
  });

  const notItsName = 'is named as an accepted type, but its content is not a file of that type';
  const notAccepted = 'is not one of the accepted file types: PDF, DOC, DOCX';
  it.each([
    [
      'an .exe renamed .pdf',
      'setup.pdf',
      Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(512)]),
      notItsName,
    ],
    ['a zip bomb renamed .docx', 'bomb.docx', makeZipBombDocx(), notItsName],
    ['a PDF renamed .docx', 'paper.docx', makePdf(['x']), notItsName],
    ['a text file for a knowledge upload', 'notes.txt', Buffer.from('plain text'), notAccepted],
  ])('refuses %s with A0701, saying why, and stores nothing', async (_label, name, data, why) => {
    const before = await objectCount();
    const res = await upload(admin(), name, data);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('A0701');
    expect(res.body.message).toBe(`${fieldLabel('file', 'en')} “${name}” ${why}`);
    expect(await objectCount()).toBe(before);
    expect((await filesOnDisk(t.filesDir)).every((f) => !f.endsWith('.tmp'))).toBe(true);
  });

  it('never lets a client file name reach a storage path', async () => {
    const res = await upload(admin(), '../../../../etc/cron.d/evil.docx', makeDocx(['x']));
    expect(res.body.code).toBe('00000');
    expect(res.body.data.name).toBe('evil.docx');
    const files = await filesOnDisk(t.filesDir);
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      expect(f.startsWith(t.filesDir + path.sep)).toBe(true);
      expect(path.relative(t.filesDir, f)).toMatch(/^\d+\/\d{4}\/\d{2}\/[0-9a-f-]{36}$/);
    }
  });

  it('answers A0410 naming file when no file is sent, and A0400 for an unknown purpose', async () => {
    const none = await postMultipart(t, '/api/v3/oss/file/upload', admin(), [{ name: 'note', value: 'x' }], {
      'x-file-purpose': 'knowledge',
    });
    expect(none.body.code).toBe('A0410');
    expect(none.body.message).toContain(fieldLabel('file', 'en'));
    const purpose = await upload(admin(), 'a.pdf', makePdf(['x']), { 'x-file-purpose': 'rocket' });
    expect(purpose.body.code).toBe('A0400');
    expect(purpose.body.message).toContain(fieldLabel('x-file-purpose', 'en'));
    const customer = await upload(admin(), 'a.pdf', makePdf(['x']), { 'x-customer-id': 'abc' });
    expect(customer.body.code).toBe('A0400');
  });

  it('needs a session, and the upload permission for knowledge files', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/v3/oss/file/upload' });
    expect(anonymous.json().code).toBe('A0301');
    const denied = await upload(noUpload.token, 'a.pdf', makePdf(['x']));
    expect(denied.body.code).toBe('A0312');
  });

  it('refuses to store for another customer', async () => {
    const res = await upload(userB.token, 'a.pdf', makePdf(['x']), { 'x-customer-id': '1' });
    expect(res.body.code).toBe('A0312');
  });
});

describe('customer scoping of stored objects', () => {
  it('answers A0404 to a user of another customer, even with a guessed id', async () => {
    const mine = await upload(admin(), 'secret.pdf', makePdf(['secret']));
    const id = mine.body.data.id;
    for (const url of [
      `/api/v3/oss/file/download/${id}`,
      `/api/v3/oss/file/url/${id}`,
      '/api/v3/oss/file/download/999999',
    ]) {
      const res = await t.call('GET', url, { token: userB.token });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('A0404');
    }
    const own = await upload(userB.token, 'b.pdf', makePdf(['b']));
    const ok = await t.app.inject({
      method: 'GET',
      url: own.body.data.url,
      headers: { authorization: `Bearer ${userB.token}` },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('answers A0400 for a non-numeric or huge id', async () => {
    expect((await t.call('GET', '/api/v3/oss/file/download/abc', { token: admin() })).body.code).toBe('A0400');
    expect((await t.call('GET', `/api/v3/oss/file/url/${'9'.repeat(30)}`, { token: admin() })).body.code).toMatch(
      /^A04/,
    );
  });
});
