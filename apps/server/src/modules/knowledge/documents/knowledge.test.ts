import { fieldLabel, KNOWLEDGE_FILE_PERMISSIONS, KNOWLEDGE_QA_PERMISSIONS } from '@agent-console/contracts';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import {
  makeDocx,
  makePdf,
  makeScannedPdf,
  uploadDocument,
  waitForDocument,
} from '@agent-console/server/test/fixtures/knowledge';
import { createScopedUser, type ScopedUser } from '@agent-console/server/test/fixtures/users';
import type { TestApp } from '@agent-console/server/test/test-app';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { knowledgeFiles, knowledgeFragments, qaRecords, storedObjects } from '../../../db/schema';
import { createLocalMiner } from '../../../integrations/llm';
import { findJobHandler } from '../../../jobs/registry';
import { createLocalStorage as localStorageOf } from '../../../storage/local-storage';
import { processDocument } from './document-processing';
import { purgeRecycleBin } from './knowledge.service';

const { t, admin } = useAdminApp({ jobs: true });
let userB: ScopedUser;
let readOnly: ScopedUser;
const F = KNOWLEDGE_FILE_PERMISSIONS;

beforeAll(async () => {
  userB = await createScopedUser(t, [F.list, F.upload, F.edit, F.remove, KNOWLEDGE_QA_PERMISSIONS.list]);
  readOnly = await createScopedUser(t, [F.list]);
});

interface FileView {
  id: number;
  name: string;
  enabled: boolean;
  folderId: number;
  processStatus: string;
  miningStatus: number;
  fragmentCount: number;
  qaCount: number;
  abnormalReason: string | null;
}
const page = (token: string, body: Record<string, unknown> = {}) =>
  t.call<{ list: FileView[]; total: number }>('POST', '/api/v3/knowledge/file/list/page', {
    token,
    body: { pageNum: 1, pageSize: 50, ...body },
  });

async function processed(token: string, name: string, data: Buffer) {
  const saved = await uploadDocument(t, token, name, data);
  expect(saved.body.code).toBe('00000');
  return { id: saved.body.data.id, view: await waitForDocument(t, token, saved.body.data.id) };
}

const faqPdf = () =>
  makePdf([
    'Shipping FAQ',
    'Q: How long does delivery take?',
    'A: Orders arrive within three working days.',
    'Q: Can I change my delivery address?',
    'A: Yes, until the parcel leaves the warehouse.',
  ]);

describe('document processing', () => {
  it('takes a real PDF from upload through fragments and mined QA to search', async () => {
    const { id, view } = await processed(admin(), 'shipping.pdf', faqPdf());
    expect(view).toMatchObject({ processStatus: 'completed', miningStatus: 3, abnormalReason: null });
    expect(view?.fragmentCount).toBeGreaterThanOrEqual(1);
    expect(view?.qaCount).toBe(2);
    const qa = await t.call<{ list: { question: string; fileId: number }[] }>('POST', '/api/v3/qa-file/qaPage', {
      token: admin(),
      body: { pageNum: 1, pageSize: 10, keyword: 'delivery address' },
    });
    expect(qa.body.data.list[0]).toMatchObject({ question: 'Can I change my delivery address?', fileId: id });
  });

  it('takes a real DOCX in Chinese through to a Chinese search', async () => {
    const { view } = await processed(
      admin(),
      '客服手册.docx',
      makeDocx([
        '账户问题',
        '问：如何重置登录密码？',
        '答：在登录页点击忘记密码，按短信验证码重置。',
        '问：可以注销账户吗？',
        '答：可以，在设置中申请注销。',
      ]),
    );
    expect(view).toMatchObject({ processStatus: 'completed', miningStatus: 3, qaCount: 2 });
    const qa = await t.call<{ list: { question: string }[] }>('POST', '/api/v3/qa-file/qaPage', {
      token: admin(),
      body: { pageNum: 1, pageSize: 10, keyword: '密码' },
    });
    expect(qa.body.data.list.map((q) => q.question)).toContain('如何重置登录密码？');
  });

  it('ends a scanned PDF abnormal with its reason, and retry runs it again', async () => {
    const { id, view } = await processed(admin(), 'scan.pdf', makeScannedPdf());
    expect(view).toMatchObject({ processStatus: 'completed', miningStatus: 1, fragmentCount: 0 });
    expect(view?.abnormalReason).toMatch(/scanned/);
    const retried = await t.call<FileView>('POST', `/api/v3/knowledge/retry/${id}`, { token: admin() });
    expect(retried.body.data).toMatchObject({ miningStatus: 2, processStatus: 'processing', abnormalReason: null });
    expect(await waitForDocument(t, admin(), id)).toMatchObject({ miningStatus: 1 });
    const [row] = await t.database.db.select().from(knowledgeFiles).where(eq(knowledgeFiles.id, id));
    expect(row?.attempt).toBe(2);
  });

  it('refuses retry for a document that is not abnormal', async () => {
    const { id } = await processed(admin(), 'ok.pdf', faqPdf());
    const res = await t.call('POST', `/api/v3/knowledge/retry/${id}`, { token: admin() });
    expect(res.body.code).toBe('A0440');
  });

  it('never duplicates fragments or QA when a run repeats (restart mid-way)', async () => {
    const { id } = await processed(admin(), 'again.pdf', faqPdf());
    const { db } = t.database;
    const counts = async () => {
      const [f] = await db.select({ n: count() }).from(knowledgeFragments).where(eq(knowledgeFragments.fileId, id));
      const [q] = await db.select({ n: count() }).from(qaRecords).where(eq(qaRecords.fileId, id));
      return [f?.n, q?.n];
    };
    const before = await counts();
    // Put the document back to "processing" as a crash would leave it, and run the job twice.
    await db
      .update(knowledgeFiles)
      .set({ processStatus: 'processing', miningStatus: 2 })
      .where(eq(knowledgeFiles.id, id));
    const deps = { db, storage: createStorageOf(t), miner: createLocalMiner() };
    await Promise.all([processDocument(deps, id, 1), processDocument(deps, id, 1)]);
    expect(await counts()).toEqual(before);
    const [row] = await db.select().from(knowledgeFiles).where(eq(knowledgeFiles.id, id));
    expect(row).toMatchObject({ processStatus: 'completed', miningStatus: 3, qaCount: before[1] });
  });
});

/** The same local storage the app uses (one folder per test app). */
const createStorageOf = (app: TestApp) => localStorageOf(app.filesDir);

describe('POST /api/v3/knowledge/file/list/page', () => {
  it('filters by name, status, enabled and folder, pages and sorts', async () => {
    await processed(admin(), 'alpha-guide.pdf', faqPdf());
    const byName = await page(admin(), { name: 'alpha-guide' });
    expect(byName.body.data.total).toBe(1);
    const abnormal = await page(admin(), { miningStatus: 1 });
    expect(abnormal.body.data.list.every((f) => f.miningStatus === 1)).toBe(true);
    const paged = await page(admin(), { pageSize: 1, pageNum: 2, orderBy: { field: 'name', direction: 'asc' } });
    expect(paged.body.data.list).toHaveLength(1);
    const all = await page(admin(), { orderBy: { field: 'name', direction: 'asc' } });
    const names = all.body.data.list.map((f) => f.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(paged.body.data.list[0]?.name).toBe(names[1]);
    const folder = all.body.data.list[0]?.folderId;
    expect((await page(admin(), { folderId: folder })).body.data.total).toBe(all.body.data.total);
  });

  it.each([
    ['a text page size', { pageSize: 'x' }, 'A0400', 'pageSize'],
    ['an unknown mining status', { miningStatus: 7 }, 'A0400', 'miningStatus'],
    ['a 10,000-character name', { name: 'n'.repeat(10_000) }, 'A0420', 'name'],
    ['a text enabled flag', { enabled: 'yes' }, 'A0400', 'enabled'],
    ['an unknown sort field', { orderBy: { field: 'password' } }, 'A0400', 'orderBy'],
  ])('rejects %s with %s naming %s', async (_label, body, code, field) => {
    const res = await page(admin(), body);
    expect(res.body.code).toBe(code);
    expect(res.body.message).toContain(fieldLabel(field, 'en'));
  });
});

describe('update, batch, bin and restore', () => {
  it('renames, disables, bins and restores a document and its QA with it', async () => {
    const { id } = await processed(admin(), 'to-bin.pdf', faqPdf());
    const renamed = await t.call<FileView>('POST', `/api/v3/knowledge/update/${id}`, {
      token: admin(),
      body: { name: 'renamed.pdf', enabled: false },
    });
    expect(renamed.body.data).toMatchObject({ name: 'renamed.pdf', enabled: false });
    expect((await page(admin(), { enabled: false })).body.data.list.map((f) => f.id)).toContain(id);

    const qaOf = async () =>
      (
        await t.call<{ total: number }>('POST', '/api/v3/qa-file/qaPage', {
          token: admin(),
          body: { pageNum: 1, pageSize: 10, fileId: id },
        })
      ).body.data.total;
    expect(await qaOf()).toBe(2);
    expect((await t.call('GET', `/api/v3/knowledge/delete/${id}`, { token: admin() })).body.code).toBe('00000');
    expect((await page(admin())).body.data.list.map((f) => f.id)).not.toContain(id);
    expect((await page(admin(), { recycled: true })).body.data.list.map((f) => f.id)).toContain(id);
    expect(await qaOf()).toBe(0);

    const restored = await t.call('POST', '/api/v3/knowledge/batch/update', {
      token: admin(),
      body: { ids: [id], action: 'restore' },
    });
    expect(restored.body.data).toEqual({ affected: 1 });
    expect(await qaOf()).toBe(2);
    const enabled = await t.call('POST', '/api/v3/knowledge/batch/update', {
      token: admin(),
      body: { ids: [id], action: 'enable' },
    });
    expect(enabled.body.code).toBe('00000');
  });

  it('deletes for good only from the recycle bin, with QA, fragments and stored bytes', async () => {
    const { id } = await processed(admin(), 'purge.pdf', faqPdf());
    const live = await t.call('POST', '/api/v3/knowledge/batch/update', {
      token: admin(),
      body: { ids: [id], action: 'purge' },
    });
    expect(live.body.code).toBe('A0440');
    await t.call('POST', '/api/v3/knowledge/batch/update', { token: admin(), body: { ids: [id], action: 'recycle' } });
    const [file] = await t.database.db.select().from(knowledgeFiles).where(eq(knowledgeFiles.id, id));
    const gone = await t.call('POST', '/api/v3/knowledge/batch/update', {
      token: admin(),
      body: { ids: [id], action: 'purge' },
    });
    expect(gone.body.data).toEqual({ affected: 1 });
    const { db } = t.database;
    expect(await db.select().from(knowledgeFiles).where(eq(knowledgeFiles.id, id))).toHaveLength(0);
    expect(await db.select().from(qaRecords).where(eq(qaRecords.fileId, id))).toHaveLength(0);
    expect(
      await db
        .select()
        .from(storedObjects)
        .where(eq(storedObjects.id, file?.objectId ?? 0)),
    ).toHaveLength(0);
  });

  it('the scheduled purge removes documents binned longer than the retention, in the job’s customer only', async () => {
    const old = await processed(admin(), 'old.pdf', faqPdf());
    const recent = await processed(admin(), 'recent.pdf', faqPdf());
    const otherCustomer = await processed(userB.token, 'b-old.pdf', faqPdf());
    const { db } = t.database;
    const longAgo = new Date(Date.now() - 40 * 86_400_000);
    await db.update(knowledgeFiles).set({ deletedAt: longAgo }).where(eq(knowledgeFiles.id, old.id));
    await db.update(knowledgeFiles).set({ deletedAt: new Date() }).where(eq(knowledgeFiles.id, recent.id));
    await db.update(knowledgeFiles).set({ deletedAt: longAgo }).where(eq(knowledgeFiles.id, otherCustomer.id));
    const handler = findJobHandler('knowledge.purgeRecycleBin');
    expect(handler).toBeDefined();
    const params = handler?.paramsSchema.parse({ olderThanDays: 30 });
    const message = await handler?.run(params, { db, jobId: null, customerId: userB.customerId });
    expect(message).toContain('purged 1');
    expect(await db.select().from(knowledgeFiles).where(eq(knowledgeFiles.id, otherCustomer.id))).toHaveLength(0);
    expect(await db.select().from(knowledgeFiles).where(eq(knowledgeFiles.id, old.id))).toHaveLength(1);
    const all = await purgeRecycleBin(db, localStorageOf(t.filesDir), 30);
    expect(all.purged).toBe(1);
    expect(await db.select().from(knowledgeFiles).where(eq(knowledgeFiles.id, old.id))).toHaveLength(0);
    expect(await db.select().from(knowledgeFiles).where(eq(knowledgeFiles.id, recent.id))).toHaveLength(1);
  });

  it.each([
    [{ ids: [], action: 'enable' }, 'A0420', 'ids'],
    [{ ids: [1], action: 'explode' }, 'A0400', 'action'],
    [{ action: 'enable' }, 'A0410', 'ids'],
    [{ ids: ['x'], action: 'enable' }, 'A0400', 'ids'],
    [{ ids: [1], action: 'move' }, 'A0410', 'folderId'],
  ])('batch rejects %j with %s naming %s', async (body, code, field) => {
    const res = await t.call('POST', '/api/v3/knowledge/batch/update', { token: admin(), body });
    expect(res.body.code).toBe(code);
    expect(res.body.message).toContain(fieldLabel(field, 'en'));
  });

  it('rejects bad update and save bodies naming the field', async () => {
    const { id } = await processed(admin(), 'bad-input.pdf', faqPdf());
    const long = await t.call('POST', `/api/v3/knowledge/update/${id}`, {
      token: admin(),
      body: { name: 'n'.repeat(10_000) },
    });
    expect(long.body.code).toBe('A0420');
    expect(long.body.message).toContain(fieldLabel('name', 'en'));
    const unknown = await t.call('POST', `/api/v3/knowledge/update/${id}`, { token: admin(), body: { owner: 1 } });
    expect(unknown.body.code).toBe('A0400');
    const missing = await t.call('POST', '/api/v3/knowledge/save', { token: admin(), body: {} });
    expect(missing.body.code).toBe('A0410');
    expect(missing.body.message).toContain(fieldLabel('objectId', 'en'));
    const [row] = await t.database.db.select().from(knowledgeFiles).where(eq(knowledgeFiles.id, id));
    expect(row?.name).toBe('bad-input.pdf');
  });
});

describe('folders', () => {
  it('has a root folder; folders are created, renamed and deleted only when empty', async () => {
    const tree = await t.call<{ id: number; parentId: number | null }[]>('GET', '/api/v3/knowledge/folder/tree', {
      token: admin(),
    });
    const root = tree.body.data.find((f) => f.parentId === null);
    expect(root).toBeDefined();
    const made = await t.call<{ id: number }>('POST', '/api/v3/knowledge/folder/save', {
      token: admin(),
      body: { name: 'Manuals' },
    });
    const folderId = made.body.data.id;
    expect(
      (
        await t.call('POST', `/api/v3/knowledge/folder/update/${folderId}`, {
          token: admin(),
          body: { name: 'Guides' },
        })
      ).body.code,
    ).toBe('00000');
    const { id } = await processed(admin(), 'in-folder.pdf', faqPdf());
    await t.call('POST', '/api/v3/knowledge/batch/update', {
      token: admin(),
      body: { ids: [id], action: 'move', folderId },
    });
    expect((await page(admin(), { folderId })).body.data.list.map((f) => f.id)).toEqual([id]);
    expect((await t.call('GET', `/api/v3/knowledge/folder/delete/${folderId}`, { token: admin() })).body.code).toBe(
      'A0440',
    );
    expect((await t.call('GET', `/api/v3/knowledge/folder/delete/${root?.id}`, { token: admin() })).body.code).toBe(
      'A0440',
    );
    await t.call('POST', '/api/v3/knowledge/batch/update', {
      token: admin(),
      body: { ids: [id], action: 'move', folderId: root?.id },
    });
    expect((await t.call('GET', `/api/v3/knowledge/folder/delete/${folderId}`, { token: admin() })).body.code).toBe(
      '00000',
    );
  });
});

describe('permissions and customer scoping', () => {
  it('refuses calls without the needed permission', async () => {
    expect(
      (await t.call('POST', '/api/v3/knowledge/save', { token: readOnly.token, body: { objectId: 1 } })).body.code,
    ).toBe('A0312');
    expect(
      (await t.call('POST', '/api/v3/knowledge/update/1', { token: readOnly.token, body: { name: 'x' } })).body.code,
    ).toBe('A0312');
    expect((await t.call('GET', '/api/v3/knowledge/delete/1', { token: readOnly.token })).body.code).toBe('A0312');
    expect(
      (
        await t.call('POST', '/api/v3/knowledge/batch/update', {
          token: readOnly.token,
          body: { ids: [1], action: 'enable' },
        })
      ).body.code,
    ).toBe('A0312');
    expect((await t.call('POST', '/api/v3/knowledge/file/list/page', { body: {} })).body.code).toBe('A0301');
  });

  it('a user of customer B sees and changes none of customer A’s documents', async () => {
    const { id } = await processed(admin(), 'hq-only.pdf', faqPdf());
    const listB = await page(userB.token);
    expect(listB.body.data.list.map((f) => f.id)).not.toContain(id);
    for (const [method, url, body] of [
      ['GET', `/api/v3/knowledge/info/${id}`, undefined],
      ['POST', `/api/v3/knowledge/update/${id}`, { name: 'stolen' }],
      ['GET', `/api/v3/knowledge/delete/${id}`, undefined],
      ['POST', `/api/v3/knowledge/retry/${id}`, undefined],
      ['POST', '/api/v3/knowledge/batch/update', { ids: [id], action: 'recycle' }],
    ] as const) {
      const res = await t.call(method, url, { token: userB.token, ...(body ? { body } : {}) });
      expect(res.body.code, url).toBe('A0404');
    }
    const [row] = await t.database.db.select().from(knowledgeFiles).where(eq(knowledgeFiles.id, id));
    expect(row).toMatchObject({ name: 'hq-only.pdf', deletedAt: null });
    // B's own documents work, in B's own folder tree.
    const own = await processed(userB.token, 'b.pdf', faqPdf());
    expect(own.view).toMatchObject({ miningStatus: 3 });
    expect((await page(userB.token)).body.data.list.map((f) => f.id)).toEqual([own.id]);
    const folders = await t.call<{ id: number }[]>('GET', '/api/v3/knowledge/folder/tree', { token: userB.token });
    expect(folders.body.data).toHaveLength(1);
    const adminFolders = await t.call<{ id: number }[]>('GET', '/api/v3/knowledge/folder/tree', { token: admin() });
    const foreign = adminFolders.body.data[0]?.id;
    expect(
      (await t.call('POST', `/api/v3/knowledge/folder/update/${foreign}`, { token: userB.token, body: { name: 'x' } }))
        .body.code,
    ).toBe('A0404');
  });
});
