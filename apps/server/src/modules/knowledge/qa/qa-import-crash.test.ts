import { type ChildServer, childCall } from '@agent-console/server/test/child-server';
import { useChildConsole } from '@agent-console/server/test/fixtures/child-console';
import { makeXlsx, multipartBody } from '@agent-console/server/test/fixtures/knowledge';
import { describe, expect, it } from 'vitest';

/**
 * Acceptance 3: a server killed with SIGKILL in the middle of an import finishes the job after a
 * restart, with every row imported exactly once. The built server runs as a real child process
 * on its own data (a copy of the test template: the embedded database and files, or its own
 * PostgreSQL database when TEST_DATABASE_URL is set).
 */
const ROWS = 10_000;
const child = useChildConsole('ac-qa-crash', 'crash-test-password', { end: 'kill' });
const { data } = child;

/** Starts the child server and signs its administrator in. */
async function start(): Promise<{ s: ChildServer; token: string }> {
  const s = await child.start();
  return { s, token: await child.login(s) };
}

interface ImportView {
  status: string;
  totalRows: number;
  processedRows: number;
  inserted: number;
  updated: number;
}

describe('an import survives SIGKILL', () => {
  it('finishes after a restart with no duplicate QA', async () => {
    await data.prepare();
    let { s, token } = await start();

    const rows = Array.from({ length: ROWS }, (_, i) => [`Crash question ${i}?`, `Answer ${i}.`]);
    const { payload, contentType } = multipartBody([
      { name: 'newFileName', value: 'Crash source' },
      { name: 'file', filename: 'crash.xlsx', data: await makeXlsx([['Question', 'Answer'], ...rows]) },
    ]);
    const started = await fetch(`${s.baseUrl}/api/v3/qa-file/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      body: payload,
    });
    const job = ((await started.json()) as { data: { id: number; fileId: number } }).data;

    // Kill as soon as some batches are committed but not all.
    let progress: ImportView | null = null;
    const until = Date.now() + 60_000;
    while (Date.now() < until) {
      progress = await childCall<ImportView>(s, 'GET', `/api/v3/qa-file/import/${job.id}`, token);
      if (progress.processedRows > 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await s.kill();
    expect(progress?.processedRows).toBeGreaterThan(0);
    expect(progress?.processedRows).toBeLessThan(ROWS);

    ({ s, token } = await start());
    let final: ImportView | null = null;
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      final = await childCall<ImportView>(s, 'GET', `/api/v3/qa-file/import/${job.id}`, token);
      if (final.status === 'completed' || final.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(final).toMatchObject({
      status: 'completed',
      totalRows: ROWS,
      processedRows: ROWS,
      inserted: ROWS,
      updated: 0,
    });
    const page = await childCall<{ total: number }>(s, 'POST', '/api/v3/qa-file/qaPage', token, {
      pageNum: 1,
      pageSize: 1,
      fileId: job.fileId,
    });
    expect(page.total).toBe(ROWS);
    const one = await childCall<{ total: number }>(s, 'POST', '/api/v3/qa-file/qaPage', token, {
      pageNum: 1,
      pageSize: 10,
      keyword: 'Crash question 4321',
      fileId: job.fileId,
    });
    expect(one.total).toBeGreaterThanOrEqual(1);
  }, 600_000);
});
