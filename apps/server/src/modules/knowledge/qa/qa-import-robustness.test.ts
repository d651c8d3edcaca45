import { makePdf, makeXlsx, postMultipart } from '@agent-console/server/test/fixtures/knowledge';
import { createTestApp, type TestApp } from '@agent-console/server/test/test-app';
import { count, eq } from 'drizzle-orm';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledgeFiles, qaRecords, storedObjects } from '../../../db/schema';
import { closeParsePool, PARSE_LIMITS, setParseLimits } from '../documents/parse-pool';

/**
 * Issue 11, item 16: a QA import whose sheet XML is broken must end failed with its reason (it
 * ended "completed" with the rows before the break), and an import refused at upload must leave
 * nothing behind (it left an empty source document). Sheets are parsed in a worker thread.
 */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  // No job runner: the import runs before the upload call returns, so its end state is the answer.
  t = await createTestApp();
  admin = await t.loginAdmin();
});
afterAll(async () => {
  await t.close();
  await closeParsePool();
});

interface ImportView {
  id: number;
  fileId: number;
  status: string;
  totalRows: number;
  inserted: number;
  error: string | null;
}

const importSheet = (filename: string, data: Buffer, newFileName: string) =>
  postMultipart<ImportView>(t, '/api/v3/qa-file/upload', admin, [
    { name: 'newFileName', value: newFileName },
    { name: 'file', filename, data },
  ]);

/** A workbook of a header and `rows` QA rows, with its worksheet XML passed through `edit`. */
async function workbookWithSheet(rows: number, edit: (sheetXml: string) => string): Promise<Buffer> {
  const data = await makeXlsx([
    ['question', 'answer'],
    ...Array.from({ length: rows }, (_, i) => [`Question ${i}?`, `Answer ${i}.`]),
  ]);
  const files = unzipSync(data);
  const sheet = files['xl/worksheets/sheet1.xml'];
  if (!sheet) throw new Error('no worksheet in the generated workbook');
  files['xl/worksheets/sheet1.xml'] = strToU8(edit(strFromU8(sheet)));
  return Buffer.from(zipSync(files));
}

async function qaCountOf(fileId: number): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(qaRecords).where(eq(qaRecords.fileId, fileId));
  return row?.n ?? 0;
}

async function sourcesNamed(name: string): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(knowledgeFiles).where(eq(knowledgeFiles.name, name));
  return row?.n ?? 0;
}

async function objectCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(storedObjects);
  return row?.n ?? 0;
}

describe('broken sheets end failed with their reason', () => {
  it('a worksheet whose XML is cut short fails as unreadable and imports nothing', async () => {
    // Cut after about half of the rows: the old reader imported those and reported success.
    const data = await workbookWithSheet(20, (xml) => xml.slice(0, Math.floor(xml.length * 0.6)));
    const res = await importSheet('cut.xlsx', data, 'Cut sheet');
    expect(res.body.code).toBe('00000');
    expect(res.body.data).toMatchObject({ status: 'failed', error: 'unreadable', inserted: 0 });
    expect(await qaCountOf(res.body.data.fileId)).toBe(0);
  });

  it('a worksheet with a stray tag fails as unreadable', async () => {
    const data = await workbookWithSheet(5, (xml) => xml.replace('</sheetData>', '</row></sheetData>'));
    const res = await importSheet('stray.xlsx', data, 'Stray tag');
    expect(res.body.data).toMatchObject({ status: 'failed', error: 'unreadable', inserted: 0 });
  });

  it('a sheet with a header and no rows fails as empty', async () => {
    const res = await importSheet('empty.xlsx', await makeXlsx([['question', 'answer']]), 'Header only');
    expect(res.body.data).toMatchObject({ status: 'failed', error: 'empty' });
  });

  it('a sheet with more XML elements than the parser allows fails as tooComplex', async () => {
    await setParseLimits({ sheet: { ...PARSE_LIMITS.sheet, maxXmlElements: 200 } });
    try {
      const data = await workbookWithSheet(100, (xml) => xml);
      const res = await importSheet('many.xlsx', data, 'Too many elements');
      expect(res.body.data).toMatchObject({ status: 'failed', error: 'tooComplex', inserted: 0 });
    } finally {
      await setParseLimits(PARSE_LIMITS);
    }
  });

  it('a whole sheet still imports', async () => {
    const res = await importSheet('fine.xlsx', await workbookWithSheet(20, (xml) => xml), 'Whole sheet');
    expect(res.body.data).toMatchObject({ status: 'completed', totalRows: 20, inserted: 20, error: null });
  });
});

describe('an import refused at upload leaves nothing behind', () => {
  it.each([
    ['a PDF named .xlsx', 'fake.xlsx', () => makePdf(['not a sheet']), 'A0701'],
    ['a 2-byte file', 'tiny.csv', () => Buffer.from('q,'), 'A0420'],
  ])('%s: no source document, no stored object', async (_label, filename, data, code) => {
    const name = `Refused ${filename}`;
    const objects = await objectCount();
    const res = await importSheet(filename, data(), name);
    expect(res.body.code).toBe(code);
    expect(await sourcesNamed(name)).toBe(0);
    expect(await objectCount()).toBe(objects);
  });
});
