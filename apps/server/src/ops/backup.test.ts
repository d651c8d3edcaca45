// @long-running: starts first (vitest.config.ts), so that it never holds a worker alone at the end.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StoredFile } from '@agent-console/contracts';
import type { Post } from '@agent-console/contracts/system-post';
import {
  type ChildServer,
  childCall,
  childData,
  childLogin,
  startChildServer,
} from '@agent-console/server/test/child-server';
import { makePdf } from '@agent-console/server/test/fixtures/knowledge';
import { afterAll, describe, expect, inject, it } from 'vitest';

/**
 * Issue 20: the backup and restore steps of docs/operations.md ("Backup and restore"), run as
 * written — `npm run backup` on a stopped console, `npm run restore -- <archive>` into an empty
 * data directory (and, on PostgreSQL, an empty database) — keep what was written before the
 * backup: a post, an uploaded file, the admin's password; and on the embedded database the backup
 * refuses while a console runs on the data directory. Runs the build (`npm run build` first): the
 * server, and the backup tool that the npm scripts run (dist/backup-cli.js); on the embedded
 * database, or on PostgreSQL when TEST_DATABASE_URL is set. backup-archive.test.ts checks the
 * archive itself.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const PASSWORD = 'backup-test-admin';
// The source starts as a copy of the seeded template; the target empty, as on a new machine.
const source = childData('ac-backup', PASSWORD, inject('databaseTemplate'));
const target = childData('ac-restore', PASSWORD);
const backupDir = mkdtempSync(path.join(tmpdir(), 'ac-backups-'));
let server: ChildServer | undefined;

afterAll(async () => {
  await server?.stop().catch(() => {});
  await source.dispose();
  await target.dispose();
  rmSync(backupDir, { recursive: true, force: true });
});

/** `npm <args>` in the project's folder, as an operator types it. */
function npm(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, out }));
  });
}

async function upload(s: ChildServer, token: string, name: string, bytes: Buffer): Promise<StoredFile> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
  const res = await fetch(`${s.baseUrl}/api/v3/oss/file/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'x-file-purpose': 'knowledge' },
    body: form,
  });
  const envelope = (await res.json()) as { code: string; data: StoredFile };
  expect(envelope.code).toBe('00000');
  return envelope.data;
}

async function download(s: ChildServer, token: string, id: number): Promise<Buffer> {
  const res = await fetch(`${s.baseUrl}/api/v3/oss/file/download/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

describe('backup and restore as docs/operations.md describes them', () => {
  it('brings back the data written before the backup', async () => {
    await source.prepare();
    await target.prepare();
    const sourceDir = source.env().DATA_DIR as string;
    const targetDir = target.env().DATA_DIR as string;

    server = await startChildServer(source.env());
    let token = await childLogin(server, PASSWORD);
    const post = await childCall<Post>(server, 'POST', '/api/v3/system/post/save', token, {
      code: 'kept-by-backup',
      name: 'Kept by the backup',
      remark: '备份 and restore',
    });
    const pdf = makePdf(['A file kept by the backup']);
    const file = await upload(server, token, '手册 backup.pdf', pdf);
    if (!process.env.TEST_DATABASE_URL) {
      // The embedded database has one owner (db/data-dir-lock.ts): no backup of a running console.
      const refused = await npm(['run', 'backup'], source.env({ BACKUP_DIR: backupDir }));
      expect(refused.code, refused.out).toBe(1);
      expect(refused.out).toContain(`Cannot back up ${sourceDir}`);
      expect(refused.out).toContain('Stop it first');
      expect(readdirSync(backupDir)).toEqual([]);
    }
    await server.stop();
    server = undefined;

    // 1. Back up the stopped console.
    const backup = await npm(['run', 'backup'], source.env({ BACKUP_DIR: backupDir }));
    expect(backup.code, backup.out).toBe(0);
    const archive = /Backup written: (.+\.tar\.gz)$/m.exec(backup.out)?.[1] ?? '';
    expect(path.dirname(archive)).toBe(backupDir);
    expect(path.basename(archive)).toMatch(/^agent-console-\d{8}T\d{6}Z\.tar\.gz$/);

    // 2. Restore into an empty data directory (and an empty database), as on a new machine.
    const restore = await npm(['run', 'restore', '--', archive], target.env({ BACKUP_DIR: backupDir }));
    expect(restore.code, restore.out).toBe(0);

    // 3. The console starts on the restored data. Without ADMIN_PASSWORD (an empty value is unset),
    // only the restored admin can sign in with the old password: an empty database would seed a
    // new admin with a generated one.
    server = await startChildServer(target.env({ ADMIN_PASSWORD: '' }));
    token = await childLogin(server, PASSWORD);
    const page = await childCall<{ list: Post[] }>(server, 'POST', '/api/v3/system/post/page', token, {
      code: 'kept-by-backup',
    });
    expect(page.list).toEqual([
      expect.objectContaining({ id: post.id, name: 'Kept by the backup', remark: '备份 and restore' }),
    ]);
    expect((await download(server, token, file.id)).equals(pdf)).toBe(true);
    await childCall(server, 'POST', '/api/v3/system/post/save', token, { code: 'after-backup', name: 'After' });
    await server.stop();
    server = undefined;

    // A second restore does not overwrite what is now there unless told to…
    const again = await npm(['run', 'restore', '--', archive], target.env({ BACKUP_DIR: backupDir }));
    expect(again.code).toBe(1);
    expect(again.out).toContain(`${targetDir}: the data directory is not empty`);
    expect(again.out).toContain('--force');
    // …and with --force replaces it: what was written since the backup is gone again.
    const forced = await npm(['run', 'restore', '--', archive, '--force'], target.env({ BACKUP_DIR: backupDir }));
    expect(forced.code, forced.out).toBe(0);
    server = await startChildServer(target.env({ ADMIN_PASSWORD: '' }));
    token = await childLogin(server, PASSWORD);
    const codes = await childCall<{ list: Post[] }>(server, 'POST', '/api/v3/system/post/page', token, {});
    expect(codes.list.map((p) => p.code)).toContain('kept-by-backup');
    expect(codes.list.map((p) => p.code)).not.toContain('after-backup');
    // Three consoles started on fresh embedded databases, a backup and two restores: on a loaded
    // machine (the whole suite starting at once) that took past 90 s.
  }, 480_000);
});
