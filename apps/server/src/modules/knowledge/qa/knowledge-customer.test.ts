import { type AnswerTestResult, KNOWLEDGE_FILE_PERMISSIONS, KNOWLEDGE_QA_PERMISSIONS } from '@agent-console/contracts';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { makeDocx, makeXlsx, postMultipart } from '@agent-console/server/test/fixtures/knowledge';
import { createScopedUser, type ScopedUser } from '@agent-console/server/test/fixtures/users';
import { eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers, knowledgeFiles, qaRecords } from '../../../db/schema';

/**
 * An administrator keeps the knowledge of every customer in their scope: each customer's agents
 * answer from that customer's knowledge only, so what is added for a customer must land there.
 */
const { t, admin, f } = useAdminApp({ jobs: true });
const Q = KNOWLEDGE_QA_PERMISSIONS;
const F = KNOWLEDGE_FILE_PERMISSIONS;
let acme: ScopedUser;
let other: ScopedUser;

beforeAll(async () => {
  acme = await createScopedUser(t, [Q.list, Q.add, Q.edit, Q.import, F.list, F.upload, F.edit]);
  other = await createScopedUser(t, [Q.list, Q.add, Q.edit, Q.import, F.list, F.upload, F.edit]);
});

interface QaView {
  id: number;
  fileId: number | null;
  question: string;
}
const saveQa = (token: string, body: Record<string, unknown>) =>
  t.call<QaView>('POST', '/api/v3/qa-file/qaSave', { token, body });
const qaPage = (token: string, body: Record<string, unknown>) =>
  t.call<{ list: QaView[]; total: number }>('POST', '/api/v3/qa-file/qaPage', {
    token,
    body: { pageNum: 1, pageSize: 100, ...body },
  });
const customerOfQa = async (id: number) =>
  (await t.database.db.select().from(qaRecords).where(eq(qaRecords.id, id)))[0]?.customerId;
const fieldsOf = (body: { data: unknown }) => (body.data as { fields?: { field: string; reason: string }[] }).fields;

describe('QA of a chosen customer', () => {
  it('adds a QA for another customer in scope, which that customer’s agent answers from and its list shows', async () => {
    const added = await saveQa(admin(), {
      question: 'When does the Acme loading dock open?',
      answer: 'The Acme loading dock opens at 6 am.',
      customerId: acme.customerId,
    });
    expect(added.body.code, JSON.stringify(added.body)).toBe('00000');
    expect(await customerOfQa(added.body.data.id)).toBe(acme.customerId);

    // Listed under Acme for the administrator, not under their own customer, and seen by Acme.
    expect((await qaPage(admin(), { customerId: acme.customerId })).body.data.list.map((q) => q.id)).toEqual([
      added.body.data.id,
    ]);
    const [root] = await t.database.db.select().from(customers).where(isNull(customers.parentId));
    const own = await qaPage(admin(), { customerId: root?.id });
    expect(own.body.data.list.map((q) => q.id)).not.toContain(added.body.data.id);
    expect((await qaPage(acme.token, {})).body.data.list.map((q) => q.id)).toContain(added.body.data.id);

    const test = await t.call<AnswerTestResult>('POST', '/api/v3/knowledge/answer-test', {
      token: admin(),
      body: { customerId: acme.customerId, question: 'when does the acme loading dock open?' },
    });
    expect(test.body.data.answer.step).toBe('qa');
    expect(test.body.data.answer.content).toContain('6 am');
  });

  it('files a new named source under the chosen customer, and lists sources per customer', async () => {
    const added = await saveQa(admin(), {
      question: 'Does Acme ship on Sundays?',
      answer: 'No.',
      newFileName: 'Acme shipping FAQ',
      customerId: acme.customerId,
    });
    expect(added.body.code).toBe('00000');
    const [source] = await t.database.db
      .select()
      .from(knowledgeFiles)
      .where(eq(knowledgeFiles.id, added.body.data.fileId ?? 0));
    expect(source?.customerId).toBe(acme.customerId);
    const sources = (customerId: number) =>
      t.call<{ id: number; name: string }[]>('GET', `/api/v3/qa-file/getFileName?customerId=${customerId}`, {
        token: admin(),
      });
    expect((await sources(acme.customerId)).body.data.map((s) => s.name)).toContain('Acme shipping FAQ');
    expect((await sources(other.customerId)).body.data.map((s) => s.name)).not.toContain('Acme shipping FAQ');
  });

  it('refuses a customer outside the caller’s scope, one that does not exist, and a source of another customer', async () => {
    const outside = await saveQa(acme.token, { question: 'q1?', answer: 'a', customerId: other.customerId });
    expect(outside.body.code).toBe('A0312');
    expect(fieldsOf(outside.body)).toEqual([{ field: 'customerId', reason: 'invalidValue' }]);
    const missing = await saveQa(admin(), { question: 'q2?', answer: 'a', customerId: 99_999_999 });
    expect(missing.body.code).toBe('A0312');
    expect(fieldsOf(missing.body)).toEqual([{ field: 'customerId', reason: 'invalidValue' }]);

    const otherSource = await saveQa(other.token, { question: 'q3?', answer: 'a', newFileName: 'Other FAQ' });
    const mixed = await saveQa(admin(), {
      question: 'q4?',
      answer: 'a',
      fileId: otherSource.body.data.fileId,
      customerId: acme.customerId,
    });
    expect(mixed.body.code).toBe('A0400');
    expect(fieldsOf(mixed.body)).toEqual([{ field: 'fileId', reason: 'otherCustomer' }]);
    // Nothing was written by the refused calls.
    const rows = await t.database.db.select().from(qaRecords).where(eq(qaRecords.question, 'q4?'));
    expect(rows).toEqual([]);
  });

  it('keeps an edited QA with its customer: another customer or another customer’s source is refused', async () => {
    const added = await saveQa(admin(), {
      question: 'Acme returns window?',
      answer: '30 days.',
      customerId: acme.customerId,
    });
    const { id } = added.body.data;
    const edit = (change: Record<string, unknown>) =>
      saveQa(admin(), { id, question: 'Acme returns window?', answer: '30 days.', ...change });
    const moved = await edit({ customerId: other.customerId });
    expect(moved.body.code).toBe('A0400');
    expect(fieldsOf(moved.body)).toEqual([{ field: 'customerId', reason: 'movesCustomer' }]);
    const otherSource = await saveQa(other.token, { question: 'q5?', answer: 'a', newFileName: 'Other returns' });
    const filed = await edit({ fileId: otherSource.body.data.fileId });
    expect(filed.body.code).toBe('A0400');
    expect(fieldsOf(filed.body)).toEqual([{ field: 'fileId', reason: 'otherCustomer' }]);
    expect(await customerOfQa(id)).toBe(acme.customerId);
    const edited = await edit({ answer: '60 days.', customerId: acme.customerId });
    expect(edited.body.code).toBe('00000');
  });

  it('imports a sheet into the chosen customer', async () => {
    const sheet = await makeXlsx([
      ['question', 'answer'],
      ['Is Acme open on holidays?', 'Closed on public holidays.'],
    ]);
    const res = await postMultipart<{ id: number; fileId: number }>(t, '/api/v3/qa-file/upload', admin(), [
      { name: 'newFileName', value: 'Acme holidays' },
      { name: 'customerId', value: String(acme.customerId) },
      { name: 'file', filename: 'holidays.xlsx', data: sheet },
    ]);
    expect(res.body.code, JSON.stringify(res.body)).toBe('00000');
    const [source] = await t.database.db
      .select()
      .from(knowledgeFiles)
      .where(eq(knowledgeFiles.id, res.body.data.fileId));
    expect(source?.customerId).toBe(acme.customerId);
    const refused = await postMultipart(t, '/api/v3/qa-file/upload', acme.token, [
      { name: 'newFileName', value: 'x' },
      { name: 'customerId', value: String(other.customerId) },
      { name: 'file', filename: 'holidays.xlsx', data: sheet },
    ]);
    expect(refused.body.code).toBe('A0312');
    const bad = await postMultipart(t, '/api/v3/qa-file/upload', admin(), [
      { name: 'newFileName', value: 'x' },
      { name: 'customerId', value: 'acme' },
      { name: 'file', filename: 'holidays.xlsx', data: sheet },
    ]);
    expect(bad.body.code).toBe('A0400');
    expect(fieldsOf(bad.body)).toEqual([{ field: 'customerId', reason: 'invalidValue' }]);
  });
});

const folders = (token: string, customerId?: number | string) =>
  t.call<{ id: number; parentId: number | null; name: string }[]>(
    'GET',
    `/api/v3/knowledge/folder/tree${customerId !== undefined ? `?customerId=${customerId}` : ''}`,
    { token },
  );

/** Stores a Word file for knowledge: for `customerId` when given, else for the caller's own customer. */
const upload = (token: string, customerId?: number) =>
  postMultipart<{ id: number }>(
    t,
    '/api/v3/oss/file/upload',
    token,
    [{ name: 'file', filename: 'dock.docx', data: makeDocx(['Dock', 'The dock opens at six.']) }],
    { 'x-file-purpose': 'knowledge', ...(customerId ? { 'x-customer-id': String(customerId) } : {}) },
  );

describe('documents of a chosen customer', () => {
  it('shows one customer’s folders, uploads into its folder, and lists its documents only', async () => {
    const tree = await folders(admin(), acme.customerId);
    expect(tree.body.code).toBe('00000');
    const root = tree.body.data.find((f) => f.parentId === null);
    expect(root).toBeDefined();
    const sub = await t.call<{ id: number }>('POST', '/api/v3/knowledge/folder/save', {
      token: admin(),
      body: { parentId: root?.id, name: 'Dock' },
    });
    expect((await folders(admin(), acme.customerId)).body.data.map((f) => f.name)).toContain('Dock');
    expect((await folders(admin())).body.data.map((f) => f.id)).not.toContain(sub.body.data.id);

    const object = await upload(admin(), acme.customerId);
    const doc = await t.call<{ id: number; folderId: number }>('POST', '/api/v3/knowledge/save', {
      token: admin(),
      body: { objectId: object.body.data.id, folderId: sub.body.data.id },
    });
    expect(doc.body.code, JSON.stringify(doc.body)).toBe('00000');
    const page = (customerId: number) =>
      t.call<{ list: { id: number }[] }>('POST', '/api/v3/knowledge/file/list/page', {
        token: admin(),
        body: { pageNum: 1, pageSize: 100, customerId },
      });
    expect((await page(acme.customerId)).body.data.list.map((d) => d.id)).toContain(doc.body.data.id);
    expect((await page(other.customerId)).body.data.list.map((d) => d.id)).not.toContain(doc.body.data.id);
  });

  it('refuses a folder of another customer than the uploaded file’s, and another customer’s folders', async () => {
    const acmeRoot = (await folders(admin(), acme.customerId)).body.data.find((f) => f.parentId === null);
    const object = await upload(admin(), other.customerId);
    const mixed = await t.call('POST', '/api/v3/knowledge/save', {
      token: admin(),
      body: { objectId: object.body.data.id, folderId: acmeRoot?.id },
    });
    expect(mixed.body.code).toBe('A0400');
    expect(fieldsOf(mixed.body)).toEqual([{ field: 'folderId', reason: 'otherCustomer' }]);

    const outside = await folders(acme.token, other.customerId);
    expect(outside.body.code).toBe('A0312');
    expect(fieldsOf(outside.body)).toEqual([{ field: 'customerId', reason: 'invalidValue' }]);
    expect((await folders(admin(), 99_999_999)).body.code).toBe('A0312');
    for (const bad of [0, 'acme']) {
      const res = await folders(admin(), bad);
      // A query value of the wrong form (A04xx, naming the field), never a 5xx.
      expect(res.body.code).toMatch(/^A04/);
      expect(fieldsOf(res.body)?.[0]?.field).toBe('customerId');
    }
  });
});

describe('probing and the narrowest scope', () => {
  it('answers a folder or document of another customer exactly as one that does not exist', async () => {
    const otherRoot = (await folders(admin(), other.customerId)).body.data.find((x) => x.parentId === null);
    const otherSource = await saveQa(other.token, { question: 'Probe me?', answer: 'a', newFileName: 'Other probe' });
    const [acmeDoc] = await t.database.db
      .select()
      .from(knowledgeFiles)
      .where(eq(knowledgeFiles.customerId, acme.customerId));
    const pairs: [string, string, (id: number) => Record<string, unknown>][] = [
      ['POST', '/api/v3/knowledge/folder/save', (id) => ({ parentId: id, name: 'x' })],
      ['POST', `/api/v3/knowledge/update/${acmeDoc?.id}`, (id) => ({ folderId: id })],
    ];
    for (const [method, url, body] of pairs) {
      const theirs = await t.call(method as 'POST', url, { token: acme.token, body: body(otherRoot?.id ?? 0) });
      const missing = await t.call(method as 'POST', url, { token: acme.token, body: body(99_999_999) });
      expect(theirs.body, url).toEqual(missing.body);
      expect(theirs.body.code).toBe('A0404');
    }
    const theirs = await saveQa(acme.token, { question: 'x?', answer: 'a', fileId: otherSource.body.data.fileId });
    const missing = await saveQa(acme.token, { question: 'x?', answer: 'a', fileId: 99_999_999 });
    expect(theirs.body).toEqual(missing.body);
  });

  it('someone whose scope is their own rows adds QA and uploads documents to their own customer only', async () => {
    const self = await f.member([Q.list, Q.add, F.list, F.upload], 5, acme.customerId);
    expect((await saveQa(self.token, { question: 'My own question?', answer: 'Mine.' })).body.code).toBe('00000');
    const up = await upload(self.token);
    expect(up.body.code, JSON.stringify(up.body)).toBe('00000');
    const doc = await t.call<{ id: number }>('POST', '/api/v3/knowledge/save', {
      token: self.token,
      body: { objectId: up.body.data.id },
    });
    expect(doc.body.code).toBe('00000');
    expect((await upload(self.token, other.customerId)).body.code).toBe('A0312');
  });
});
