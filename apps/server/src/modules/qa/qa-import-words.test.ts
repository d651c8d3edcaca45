import { makeXlsx, postMultipart } from '@agent-console/server/test/fixtures/knowledge';
import { createTestApp, type TestApp } from '@agent-console/server/test/test-app';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { searchWordsInWorker } from '../knowledge/parse-pool';

// The import's only way to the parse worker's segmentation, wrapped so a test can make it fail.
vi.mock('../knowledge/parse-pool', async (importOriginal) => {
  const original = await importOriginal<typeof import('../knowledge/parse-pool')>();
  return { ...original, searchWordsInWorker: vi.fn(original.searchWordsInWorker) };
});

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ jobs: true });
  admin = await t.loginAdmin();
});
afterAll(() => t.close());

interface ImportView {
  status: string;
  inserted: number;
}

async function importRows(name: string, rows: string[][]): Promise<ImportView> {
  const parts = [
    { name: 'newFileName', value: name },
    { name: 'file', filename: 'qa.xlsx', data: await makeXlsx([['问题', '答案'], ...rows]) },
  ];
  const res = await postMultipart<{ id: number }>(t, '/api/v3/qa-file/upload', admin, parts);
  expect(res.body.code).toBe('00000');
  // Waits for the job, not for a clock.
  for (;;) {
    const job = await t.call<ImportView>('GET', `/api/v3/qa-file/import/${res.body.data.id}`, { token: admin });
    if (['completed', 'failed'].includes(job.body.data.status)) return job.body.data;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const found = async (keyword: string) =>
  (
    await t.call<{ list: { question: string }[] }>('POST', '/api/v3/qa-file/qaPage', {
      token: admin,
      body: { pageNum: 1, pageSize: 100, keyword },
    })
  ).body.data.list.map((q) => q.question);

describe('QA import: search words segmented in the parse worker (issue 38)', () => {
  it('segments the rows in the worker, and the imported QA are found by their Chinese words', async () => {
    vi.mocked(searchWordsInWorker).mockClear();
    const job = await importRows('Worker words', [['如何申请增值税发票？', '在订单页点击开票申请。']]);
    expect(job).toMatchObject({ status: 'completed', inserted: 1 });
    expect(vi.mocked(searchWordsInWorker)).toHaveBeenCalled();
    expect(await found('增值税')).toContain('如何申请增值税发票？');
  });

  it('still imports, searchable, when the worker cannot segment: the rows are segmented as they are written', async () => {
    vi.mocked(searchWordsInWorker).mockRejectedValue(new Error('the worker died'));
    try {
      const job = await importRows('Thread words', [['退货需要多少天处理？', '收到退货后三个工作日内退款。']]);
      expect(job).toMatchObject({ status: 'completed', inserted: 1 });
      expect(await found('退款')).toEqual(['退货需要多少天处理？']);
    } finally {
      vi.mocked(searchWordsInWorker).mockReset();
    }
  });
});
