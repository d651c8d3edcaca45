import { fieldLabel, KNOWLEDGE_QA_PERMISSIONS } from '@agent-console/contracts';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { makeXlsx, postMultipart } from '@agent-console/server/test/fixtures/knowledge';
import { createScopedUser, type ScopedUser } from '@agent-console/server/test/fixtures/users';
import { count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { beforeAll, describe, expect, it } from 'vitest';
import { knowledgeFiles, qaRecords } from '../../../db/schema';

const { t, admin } = useAdminApp({ jobs: true });
let userB: ScopedUser;
let listOnly: ScopedUser;
const Q = KNOWLEDGE_QA_PERMISSIONS;

beforeAll(async () => {
  userB = await createScopedUser(t, [Q.list, Q.add, Q.edit, Q.remove, Q.import]);
  listOnly = await createScopedUser(t, [Q.list]);
});

interface QaView {
  id: number;
  fileId: number | null;
  fileName: string | null;
  fileEnabled: boolean;
  question: string;
  answer: string;
  tags: string;
}
const save = (token: string, body: Record<string, unknown>) =>
  t.call<QaView>('POST', '/api/v3/qa-file/qaSave', { token, body });
const search = (token: string, body: Record<string, unknown> = {}) =>
  t.call<{ list: QaView[]; total: number }>('POST', '/api/v3/qa-file/qaPage', {
    token,
    body: { pageNum: 1, pageSize: 100, ...body },
  });

interface ImportView {
  id: number;
  status: string;
  totalRows: number;
  processedRows: number;
  inserted: number;
  updated: number;
  rejected: { row: number; reason: string }[];
  error: string | null;
}

async function importSheet(token: string, filename: string, data: Buffer, fields: Record<string, string>) {
  const parts = [...Object.entries(fields).map(([name, value]) => ({ name, value })), { name: 'file', filename, data }];
  const res = await postMultipart<ImportView>(t, '/api/v3/qa-file/upload', token, parts);
  if (res.body.code !== '00000') return res.body;
  // Waits for the job to finish, not for a clock: a loaded CI parses 100,001 rows slowly. The
  // bound only keeps a stuck job from polling past its test's own time limit.
  const until = Date.now() + 420_000;
  for (;;) {
    const job = await t.call<ImportView>('GET', `/api/v3/qa-file/import/${res.body.data.id}`, { token });
    if (['completed', 'failed'].includes(job.body.data.status) || Date.now() > until) return job.body;
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function qaCountOf(fileId: number): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(qaRecords).where(eq(qaRecords.fileId, fileId));
  return row?.n ?? 0;
}

describe('qaSave, qaPage and extDelete', () => {
  it('adds a QA under a new document; it is searchable (Chinese and English) as soon as the save returns', async () => {
    const added = await save(admin(), {
      question: '如何开具增值税发票？',
      answer: 'Open Billing, choose the order and click Invoice (开具发票).',
      tags: '发票, billing,,billing',
      newFileName: '财务 FAQ',
    });
    expect(added.body.code).toBe('00000');
    expect(added.body.data).toMatchObject({ fileName: '财务 FAQ', tags: '发票,billing' });
    for (const keyword of ['发票', '增值税', 'invoice', 'Billing', '开具']) {
      const found = await search(admin(), { keyword });
      expect(
        found.body.data.list.map((q) => q.id),
        keyword,
      ).toContain(added.body.data.id);
    }
    expect((await search(admin(), { keyword: '退款' })).body.data.list.map((q) => q.id)).not.toContain(
      added.body.data.id,
    );
  });

  it('edits, refuses a duplicate question in the same source, and deletes at once', async () => {
    const a = await save(admin(), {
      question: 'What are your opening hours?',
      answer: '9 to 5.',
      newFileName: 'Store FAQ',
    });
    const b = await save(admin(), {
      question: 'Where is the store?',
      answer: 'Main street 1.',
      fileId: a.body.data.fileId,
    });
    const edited = await save(admin(), {
      id: b.body.data.id,
      question: 'Where is the shop?',
      answer: 'Main street 2.',
      fileId: a.body.data.fileId,
    });
    expect(edited.body.data).toMatchObject({ question: 'Where is the shop?', answer: 'Main street 2.' });
    expect((await search(admin(), { keyword: 'shop' })).body.data.list[0]?.id).toBe(b.body.data.id);
    const dup = await save(admin(), {
      question: 'what are your opening hours',
      answer: 'x',
      fileId: a.body.data.fileId,
    });
    expect(dup.body.code).toBe('A0111');
    expect(dup.body.message).toContain(fieldLabel('question', 'en'));
    const [file] = await t.database.db
      .select()
      .from(knowledgeFiles)
      .where(eq(knowledgeFiles.id, a.body.data.fileId ?? 0));
    expect(file?.qaCount).toBe(2);
    const del = await t.call('POST', '/api/v3/qa-file/extDelete', {
      token: admin(),
      body: { ids: [a.body.data.id, b.body.data.id] },
    });
    expect(del.body.data).toEqual({ affected: 2 });
    expect((await search(admin(), { keyword: 'shop' })).body.data.total).toBe(0);
  });

  // Issue 13: adding a QA by hand demanded a source document.
  it('adds a QA without a document ("Manual"), unique per customer, and files it under one later', async () => {
    const before = (await t.database.db.select({ n: count() }).from(knowledgeFiles))[0]?.n;
    const manual = await save(admin(), { question: 'Do you deliver on Sundays?', answer: 'No, Monday to Saturday.' });
    expect(manual.body.code).toBe('00000');
    expect(manual.body.data).toMatchObject({ fileId: null, fileName: null, fileEnabled: true, origin: 'manual' });
    // No document was made up for it.
    expect((await t.database.db.select({ n: count() }).from(knowledgeFiles))[0]?.n).toBe(before);
    const found = await search(admin(), { keyword: 'Sundays' });
    expect(found.body.data.list).toEqual([expect.objectContaining({ id: manual.body.data.id, fileId: null })]);

    const dup = await save(admin(), { question: 'do you deliver on sundays', answer: 'Again.' });
    expect(dup.body.code).toBe('A0111');
    expect(dup.body.data).toEqual({ fields: [{ field: 'question', reason: 'taken' }] });
    // Another customer's manual QA may ask the same.
    const other = await save(userB.token, { question: 'Do you deliver on Sundays?', answer: 'Yes.' });
    expect(other.body.code).toBe('00000');
    expect((await search(userB.token, { keyword: 'Sundays' })).body.data.list.map((q) => q.answer)).toEqual(['Yes.']);
    await t.call('POST', '/api/v3/qa-file/extDelete', { token: userB.token, body: { ids: [other.body.data.id] } });

    const filed = await save(admin(), {
      id: manual.body.data.id,
      question: 'Do you deliver on Sundays?',
      answer: 'No, Monday to Saturday.',
      newFileName: 'Delivery FAQ',
    });
    expect(filed.body.data).toMatchObject({ fileName: 'Delivery FAQ' });
    const fileId = filed.body.data.fileId ?? 0;
    expect(await qaCountOf(fileId)).toBe(1);
    const back = await save(admin(), {
      id: manual.body.data.id,
      question: 'Do you deliver on Sundays?',
      answer: 'No.',
    });
    expect(back.body.data).toMatchObject({ fileId: null, fileName: null });
    expect(await qaCountOf(fileId)).toBe(0);
    const [file] = await t.database.db.select().from(knowledgeFiles).where(eq(knowledgeFiles.id, fileId));
    expect(file?.qaCount).toBe(0);
    const del = await t.call('POST', '/api/v3/qa-file/extDelete', {
      token: admin(),
      body: { ids: [manual.body.data.id] },
    });
    expect(del.body.data).toEqual({ affected: 1 });
  });

  it('filters by source and lists the sources to choose from', async () => {
    const a = await save(admin(), { question: 'Source filter one?', answer: 'One.', newFileName: 'Filter A' });
    await save(admin(), { question: 'Source filter two?', answer: 'Two.', newFileName: 'Filter B' });
    const filtered = await search(admin(), { fileId: a.body.data.fileId });
    expect(filtered.body.data.list.map((q) => q.question)).toEqual(['Source filter one?']);
    const sources = await t.call<{ id: number; name: string }[]>('GET', '/api/v3/qa-file/getFileName', {
      token: admin(),
    });
    expect(sources.body.data.map((s) => s.name)).toEqual(expect.arrayContaining(['Filter A', 'Filter B']));
  });

  it.each([
    ['no question', { answer: 'a', newFileName: 'x' }, 'A0410', 'question'],
    ['an empty answer', { question: 'q', answer: '  ', newFileName: 'x' }, 'A0410', 'answer'],
    [
      'a 10,000-character question',
      { question: 'q'.repeat(10_000), answer: 'a', newFileName: 'x' },
      'A0420',
      'question',
    ],
    ['a text fileId', { question: 'q', answer: 'a', fileId: 'abc' }, 'A0400', 'fileId'],
    ['an unknown field', { question: 'q', answer: 'a', newFileName: 'x', admin: true }, 'A0400', 'body'],
    ['a missing source id', { question: 'q', answer: 'a', fileId: 999_999 }, 'A0404', 'fileId'],
  ])('qaSave rejects %s with %s naming %s and writes nothing', async (_label, body, code, field) => {
    const [before] = await t.database.db.select({ n: count() }).from(qaRecords);
    const res = await save(admin(), body);
    expect(res.body.code).toBe(code);
    if (code !== 'A0404') expect(res.body.message).toContain(fieldLabel(field, 'en'));
    else expect(res.body.data).toMatchObject({ fields: [{ field }] });
    const [after] = await t.database.db.select({ n: count() }).from(qaRecords);
    expect(after?.n).toBe(before?.n);
  });

  it.each([
    ['a text keyword list', { keyword: ['x'] }, 'keyword'],
    ['a 10,000-character keyword', { keyword: 'k'.repeat(10_000) }, 'keyword'],
    ['an unknown sort field', { orderBy: { field: 'answer_key' } }, 'orderBy'],
  ])('qaPage rejects %s naming %s', async (_label, body, field) => {
    const res = await search(admin(), body);
    expect(res.body.code).toMatch(/^A04/);
    expect(res.body.message).toContain(fieldLabel(field, 'en'));
  });

  it('treats search syntax in a keyword as text', async () => {
    for (const keyword of ["'&|!:*()", '100%', 'a_b', '\\']) {
      expect((await search(admin(), { keyword })).body.code).toBe('00000');
    }
  });
});

describe('permissions and customer scoping', () => {
  it('refuses add, edit, delete and import without their permission', async () => {
    expect((await save(listOnly.token, { question: 'q', answer: 'a', newFileName: 'x' })).body.code).toBe('A0312');
    expect((await save(listOnly.token, { id: 1, question: 'q', answer: 'a', newFileName: 'x' })).body.code).toBe(
      'A0312',
    );
    expect(
      (await t.call('POST', '/api/v3/qa-file/extDelete', { token: listOnly.token, body: { ids: [1] } })).body.code,
    ).toBe('A0312');
    const up = await postMultipart(t, '/api/v3/qa-file/upload', listOnly.token, [
      { name: 'file', filename: 'a.csv', data: Buffer.from('q,a') },
    ]);
    expect(up.body.code).toBe('A0312');
    expect((await t.call('POST', '/api/v3/qa-file/qaPage', { body: {} })).body.code).toBe('A0301');
  });

  it('a user of customer B sees and changes none of customer A’s QA or sources', async () => {
    const a = await save(admin(), {
      question: 'HQ secret question?',
      answer: 'HQ secret answer.',
      newFileName: 'HQ only',
    });
    const b = await search(userB.token, { keyword: 'secret' });
    expect(b.body.data.total).toBe(0);
    const sources = await t.call<{ id: number }[]>('GET', '/api/v3/qa-file/getFileName', { token: userB.token });
    expect(sources.body.data.map((s) => s.id)).not.toContain(a.body.data.fileId);
    expect((await save(userB.token, { question: 'x?', answer: 'y', fileId: a.body.data.fileId })).body.code).toBe(
      'A0404',
    );
    expect(
      (await save(userB.token, { id: a.body.data.id, question: 'x?', answer: 'y', newFileName: 'B' })).body.code,
    ).toBe('A0404');
    const del = await t.call('POST', '/api/v3/qa-file/extDelete', {
      token: userB.token,
      body: { ids: [a.body.data.id] },
    });
    expect(del.body.code).toBe('A0404');
    expect((await search(admin(), { keyword: 'HQ secret' })).body.data.total).toBe(1);
    const own = await save(userB.token, { question: 'B question?', answer: 'B answer.', newFileName: 'B source' });
    expect((await search(userB.token)).body.data.list.map((q) => q.id)).toEqual([own.body.data.id]);
  });
});

describe('batch import', () => {
  it('serves an XLSX template with question and answer columns', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v3/qa-file/templateDownload',
      headers: { authorization: `Bearer ${admin()}` },
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const header = wb.worksheets[0]?.getRow(1).values as string[];
    expect(header[1]).toMatch(/Question/);
    expect(header[2]).toMatch(/Answer/);
  });

  it('imports an XLSX: header skipped, empty rows skipped, every rejected row reported, duplicates updated', async () => {
    const sheet = await makeXlsx([
      ['问题 Question', '答案 Answer'],
      ['How do I pay?', 'By card or transfer.'],
      ['', ''],
      ['可以开发票吗？', '可以，在订单页申请。', '发票'],
      ['Empty answer here?', ''],
      ['', 'An answer without question'],
      [{ formula: 'HYPERLINK("http://evil","x")' }, 'formula question'],
      ['How do I pay?', 'By card, transfer or cash.'],
      ['q'.repeat(1001), 'too long'],
    ]);
    const job = await importSheet(admin(), 'qa.xlsx', sheet, { newFileName: 'Imported FAQ' });
    expect(job.code).toBe('00000');
    expect(job.data).toMatchObject({ status: 'completed', totalRows: 7, processedRows: 7, inserted: 2, updated: 1 });
    expect(job.data.rejected).toEqual([
      { row: 5, reason: 'answerEmpty' },
      { row: 6, reason: 'questionEmpty' },
      { row: 7, reason: 'formula' },
      { row: 9, reason: 'questionTooLong' },
    ]);
    const found = await search(admin(), { keyword: 'pay' });
    expect(found.body.data.list.map((q) => q.answer)).toEqual(['By card, transfer or cash.']);
    expect((await search(admin(), { keyword: '发票' })).body.data.list.map((q) => q.question)).toContain(
      '可以开发票吗？',
    );

    // The same sheet again into the same source updates rather than doubles.
    const fileId = found.body.data.list[0]?.fileId ?? 0;
    const again = await importSheet(admin(), 'qa.xlsx', sheet, { fileId: String(fileId) });
    expect(again.data).toMatchObject({ status: 'completed', inserted: 0 });
    expect(await qaCountOf(fileId)).toBe(2);
  });

  it('imports CSV in GB18030 and in UTF-8 with a BOM', async () => {
    const gbk = iconv.encode('问题,答案\n"退货流程是什么？","联系客服，7 天内可退。"\n', 'gb18030');
    const job = await importSheet(admin(), 'qa.csv', gbk, { newFileName: 'CSV GB' });
    expect(job.data).toMatchObject({ status: 'completed', inserted: 1 });
    expect((await search(admin(), { keyword: '退货' })).body.data.list[0]?.answer).toBe('联系客服，7 天内可退。');
    const utf8 = Buffer.from('\uFEFFquestion,answer\n"Multi, line?","Line 1\nLine ""2"""\n', 'utf8');
    const job2 = await importSheet(admin(), 'qa.csv', utf8, { newFileName: 'CSV UTF8' });
    expect(job2.data).toMatchObject({ status: 'completed', inserted: 1 });
    expect((await search(admin(), { keyword: 'Multi' })).body.data.list[0]?.answer).toBe('Line 1\nLine "2"');
  });

  it('an export re-imports cleanly, formula-like text included', async () => {
    const src = await save(admin(), {
      question: '=SUM(A1:A2) means?',
      answer: '+It adds cells.',
      tags: '@x',
      newFileName: 'Round trip',
    });
    await save(admin(), { question: '中文问题？', answer: '中文答案。', fileId: src.body.data.fileId });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v3/qa-file/export',
      headers: { authorization: `Bearer ${admin()}` },
      payload: { fileId: src.body.data.fileId },
    });
    expect(res.statusCode).toBe(200);
    const job = await importSheet(admin(), 'export.xlsx', res.rawPayload, { newFileName: 'Round trip copy' });
    expect(job.data).toMatchObject({ status: 'completed', inserted: 2, rejected: [] });
    const copy = await search(admin(), { keyword: 'SUM' });
    const questions = copy.body.data.list.filter((q) => q.fileName === 'Round trip copy');
    expect(questions.map((q) => [q.question, q.answer, q.tags])).toEqual([
      ['=SUM(A1:A2) means?', '+It adds cells.', '@x'],
    ]);
  });

  it('refuses a sheet of 100,001 rows as a whole, writing nothing', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('QA');
    ws.addRow(['Question', 'Answer']);
    for (let i = 0; i < 100_001; i++) ws.addRow([`q${i}`, 'a']);
    const data = Buffer.from(await wb.xlsx.writeBuffer());
    const job = await importSheet(admin(), 'big.xlsx', data, { newFileName: 'Too big' });
    expect(job.data).toMatchObject({ status: 'failed', error: 'tooManyRows', processedRows: 0 });
    expect(await qaCountOf(job.data ? await sourceId('Too big') : 0)).toBe(0);
  }, 480_000);

  it('refuses a non-sheet file, a missing source and a missing file', async () => {
    const exe = await postMultipart(t, '/api/v3/qa-file/upload', admin(), [
      { name: 'newFileName', value: 'X' },
      { name: 'file', filename: 'a.xlsx', data: Buffer.from('MZ\x90\x00not a sheet', 'latin1') },
    ]);
    expect(exe.body.code).toBe('A0701');
    const noSource = await postMultipart(t, '/api/v3/qa-file/upload', admin(), [
      { name: 'file', filename: 'a.csv', data: Buffer.from('q,a\n') },
    ]);
    expect(noSource.body.code).toBe('A0410');
    expect(noSource.body.message).toContain(fieldLabel('fileId', 'en'));
    const noFile = await postMultipart(t, '/api/v3/qa-file/upload', admin(), [{ name: 'newFileName', value: 'X' }]);
    expect(noFile.body.code).toBe('A0410');
    expect(noFile.body.message).toContain(fieldLabel('file', 'en'));
  });
});

async function sourceId(name: string): Promise<number> {
  const [row] = await t.database.db
    .select({ id: knowledgeFiles.id })
    .from(knowledgeFiles)
    .where(eq(knowledgeFiles.name, name));
  return row?.id ?? 0;
}
