import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeXlsx, multipartBody } from '@agent-console/server/test/fixtures/knowledge';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Acceptance 3: a server killed with SIGKILL in the middle of an import finishes the job after a
 * restart, with every row imported exactly once. The server runs as a real child process on its
 * own data directory (embedded database and files), started from the sources with tsx.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const MAIN = path.resolve(here, '../../main.ts');
const PASSWORD = 'crash-test-password';
const ROWS = 10_000;

let dataDir = '';
let child: ChildProcess | null = null;

afterAll(async () => {
  child?.kill('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function startServer(): Promise<string> {
  const proc = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'silent',
      WEB_DIST: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = proc;
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 90_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /running at (http:\/\/[\d.]+:\d+)/.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    proc.stdout?.on('data', onData);
    proc.stderr?.on('data', onData);
    proc.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}): ${out}`));
    });
  });
}

async function api<T>(base: string, method: string, url: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await res.json()) as { code: string; data: T };
  if (json.code !== '00000') throw new Error(`${url}: ${JSON.stringify(json)}`);
  return json.data;
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
    dataDir = await mkdtemp(path.join(tmpdir(), 'agent-console-crash-'));
    let base = await startServer();
    let token = (
      await api<{ accessToken: string }>(base, 'POST', '/api/login', undefined, {
        username: 'admin',
        password: PASSWORD,
      })
    ).accessToken;

    const rows = Array.from({ length: ROWS }, (_, i) => [`Crash question ${i}?`, `Answer ${i}.`]);
    const { payload, contentType } = multipartBody([
      { name: 'newFileName', value: 'Crash source' },
      { name: 'file', filename: 'crash.xlsx', data: await makeXlsx([['Question', 'Answer'], ...rows]) },
    ]);
    const started = await fetch(`${base}/api/v3/qa-file/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      body: payload,
    });
    const job = ((await started.json()) as { data: { id: number; fileId: number } }).data;

    // Kill as soon as some batches are committed but not all.
    let progress: ImportView | null = null;
    const until = Date.now() + 60_000;
    while (Date.now() < until) {
      progress = await api<ImportView>(base, 'GET', `/api/v3/qa-file/import/${job.id}`, token);
      if (progress.processedRows > 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    child?.kill('SIGKILL');
    await new Promise((r) => child?.once('exit', r));
    expect(progress?.processedRows).toBeGreaterThan(0);
    expect(progress?.processedRows).toBeLessThan(ROWS);

    base = await startServer();
    token = (
      await api<{ accessToken: string }>(base, 'POST', '/api/login', undefined, {
        username: 'admin',
        password: PASSWORD,
      })
    ).accessToken;
    let final: ImportView | null = null;
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      final = await api<ImportView>(base, 'GET', `/api/v3/qa-file/import/${job.id}`, token);
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
    const page = await api<{ total: number }>(base, 'POST', '/api/v3/qa-file/qaPage', token, {
      pageNum: 1,
      pageSize: 1,
      fileId: job.fileId,
    });
    expect(page.total).toBe(ROWS);
    const one = await api<{ total: number }>(base, 'POST', '/api/v3/qa-file/qaPage', token, {
      pageNum: 1,
      pageSize: 10,
      keyword: 'Crash question 4321',
      fileId: job.fileId,
    });
    expect(one.total).toBeGreaterThanOrEqual(1);
  }, 300_000);
});
