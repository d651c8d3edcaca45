import {
  docxWithDocumentXml,
  makeDenseDocx,
  makeDocx,
  makeWordyDocx,
  uploadDocument,
  waitForDocument,
} from '@agent-console/server/test/fixtures/knowledge';
import { createTestApp, type TestApp } from '@agent-console/server/test/test-app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sniffFile } from '../../../storage/file-type';
import { closeParsePool, PARSE_LIMITS, parsePoolStats, setParseLimits } from './parse-pool';
import { EXTRACT_LIMITS, ExtractError, extractDocumentText } from './text-extract';

/**
 * Issue 11, item 7: a small DOCX that expands to 30 MB of XML stalled the whole server, because
 * text extraction ran on the event loop. Documents are now read in worker threads with memory and
 * time limits, after a one-pass count of their XML elements; a hostile file fails its own job with
 * reason `tooComplex`, and the API keeps answering meanwhile.
 */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ jobs: true });
  admin = await t.loginAdmin();
});
afterAll(async () => {
  await setParseLimits(PARSE_LIMITS);
  await t.close();
  await closeParsePool();
});

interface DocumentState {
  processStatus: string;
  miningStatus: number;
  abnormalReason: string | null;
}

/** Health and a list call: both must answer 00000, however busy the parser is. */
async function apiAnswers(): Promise<boolean> {
  const health = await t.call('GET', '/api/health');
  const list = await t.call<{ total: number }>('POST', '/api/v3/knowledge/file/list/page', {
    token: admin,
    body: { pageNum: 1, pageSize: 10 },
  });
  return health.body.code === '00000' && list.body.code === '00000';
}

async function documentState(id: number): Promise<DocumentState> {
  const res = await t.call<DocumentState>('GET', `/api/v3/knowledge/info/${id}`, { token: admin });
  return res.body.data;
}

describe('hostile documents', () => {
  it('a 250 KB DOCX of 30 MB of tiny XML elements ends abnormal (tooComplex); the API answers throughout', async () => {
    const docx = makeDenseDocx(880_000);
    expect(docx.length).toBeLessThan(300 * 1024);
    // It is no zip bomb: the upload's checks accept it and it reaches the parser.
    expect(await sniffFile(docx, 'dense.docx')).toEqual({ ok: true, kind: 'docx' });
    const saved = await uploadDocument(t, admin, 'dense.docx', docx);
    expect(saved.body.code).toBe('00000');
    const id = (saved.body.data as { id: number }).id;
    let state = await documentState(id);
    while (state.processStatus === 'processing') {
      expect(await apiAnswers()).toBe(true);
      await new Promise((r) => setTimeout(r, 100));
      state = await documentState(id);
    }
    expect(state.miningStatus).toBe(1);
    expect(state.abnormalReason).toBe(`tooComplex: more than ${EXTRACT_LIMITS.maxXmlElements} XML elements`);
    expect(await apiAnswers()).toBe(true);
  });

  it('a DOCX past the worker’s memory ceiling fails its own job while /api/health and a list keep answering', async () => {
    // 40 MB of text pass every limit of the reader (50 million characters); read, normalised and
    // split, they need far more than 128 MB.
    await setParseLimits({ heapMb: 128 });
    try {
      const saved = await uploadDocument(t, admin, 'heavy.docx', makeWordyDocx(40));
      expect(saved.body.code).toBe('00000');
      const id = (saved.body.data as { id: number }).id;
      // Calls made while the worker is parsing this document (busy before and after the call).
      let answeredWhileParsing = 0;
      let state = await documentState(id);
      while (state.processStatus === 'processing') {
        const busyBefore = parsePoolStats().busy > 0;
        const answered = await apiAnswers();
        expect(answered).toBe(true);
        if (busyBefore && parsePoolStats().busy > 0) answeredWhileParsing++;
        await new Promise((r) => setTimeout(r, 20));
        state = await documentState(id);
      }
      expect(state.miningStatus).toBe(1);
      expect(state.abnormalReason).toMatch(/^tooComplex: (needs more than 128 MB of memory|took longer than)/);
      expect(answeredWhileParsing).toBeGreaterThan(0);
    } finally {
      await setParseLimits(PARSE_LIMITS);
    }
  });

  it('an ordinary DOCX still completes, on the next worker', async () => {
    const saved = await uploadDocument(t, admin, 'fine.docx', makeDocx(['问：能用吗？', '答：能用。']));
    const done = await waitForDocument(t, admin, (saved.body.data as { id: number }).id, 60_000);
    expect(done).toMatchObject({ processStatus: 'completed', miningStatus: 3, abnormalReason: null });
  });
});

describe('document limits inside the parser', () => {
  const doc = (body: string) =>
    `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`;

  it('refuses XML nested deeper than the limit as tooComplex', async () => {
    const deep = `${'<w:sdt><w:sdtContent>'.repeat(5000)}<w:p><w:r><w:t>deep</w:t></w:r></w:p>${'</w:sdtContent></w:sdt>'.repeat(5000)}`;
    await expect(extractDocumentText('docx', docxWithDocumentXml(doc(deep)))).rejects.toThrow(
      new ExtractError('tooComplex', `XML nested deeper than ${EXTRACT_LIMITS.maxXmlDepth} levels`),
    );
  });

  it('refuses more text than the limit as tooComplex', async () => {
    const limits = { ...EXTRACT_LIMITS, maxTextChars: 1000 };
    await expect(extractDocumentText('docx', makeDocx(['x'.repeat(2000)]), limits)).rejects.toThrow(
      /^tooComplex: more than 1000 characters of text$/,
    );
  });

  it('refuses a document part cut short as broken (the reader would take the part before the cut)', async () => {
    const whole = doc('<w:p><w:r><w:t>first</w:t></w:r></w:p><w:p><w:r><w:t>second</w:t></w:r></w:p>');
    const cut = whole.slice(0, whole.indexOf('second'));
    await expect(extractDocumentText('docx', docxWithDocumentXml(cut))).rejects.toThrow(
      /^broken: DOCX: word\/document\.xml is not well-formed XML$/,
    );
  });
});
