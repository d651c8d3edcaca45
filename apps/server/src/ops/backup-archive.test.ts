import {
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { APP_VERSION } from '@agent-console/contracts';
import { Header, list } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { type BackupConfig, createBackup, restoreBackup } from './backup';

/**
 * The archive itself (node-tar): what a backup puts in and leaves out, and what a restore refuses
 * to unpack — paths leaving the folder they are unpacked into, links, a damaged or truncated
 * archive. backup.test.ts runs the commands as an operator does.
 */
const root = mkdtempSync(path.join(tmpdir(), 'ac-backup-archive-'));
const backupDir = path.join(root, 'backups');
const configOf = (dataDir: string): BackupConfig => ({
  dataDir,
  backupDir,
  storageDriver: 'local',
  secretKeySet: false,
});
/** A folder beside each restore's data directory, where nothing may land. */
const outside = path.join(root, 'outside');

afterAll(() => rmSync(root, { recursive: true, force: true }));

interface RawEntry {
  path: string;
  type?: 'File' | 'Directory' | 'SymbolicLink' | 'Link';
  body?: string;
  linkpath?: string;
}

/** A tar.gz of exactly these entries, as node-tar would never write them. */
function rawArchive(name: string, entries: RawEntry[]): string {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const body = Buffer.from(entry.body ?? '');
    const header = new Header({
      path: entry.path,
      type: entry.type ?? 'File',
      size: body.length,
      mode: 0o644,
      mtime: new Date(),
      ...(entry.linkpath ? { linkpath: entry.linkpath } : {}),
    });
    header.encode();
    blocks.push(header.block ?? Buffer.alloc(0), body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  const file = path.join(root, name);
  writeFileSync(file, gzipSync(Buffer.concat(blocks)));
  return file;
}

const manifest = JSON.stringify({
  format: 'agent-console-backup',
  formatVersion: 1,
  appVersion: APP_VERSION,
  createdAt: new Date().toISOString(),
  database: 'pglite',
  storage: 'local',
  secretKeyFromEnv: false,
});

/** Restores `archive` into a new data directory; what it said, and the error it ended with. */
async function restoreInto(archive: string): Promise<{ said: string[]; error: string; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(root, 'restore-'));
  const said: string[] = [];
  const error = await restoreBackup(configOf(dataDir), archive, { force: false, say: (l) => said.push(l) }).then(
    () => '',
    (err: Error) => err.message,
  );
  return { said, error, dataDir };
}

describe('backup archive', () => {
  const dataDir = path.join(root, 'data');
  let archive = '';

  beforeAll(async () => {
    mkdirSync(outside);
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    await database.sql.exec("CREATE TABLE kept (v text); INSERT INTO kept VALUES ('by the backup')");
    await database.close();
    writeFileSync(path.join(dataDir, 'secret.key'), 'k'.repeat(44), { mode: 0o600 });
    mkdirSync(path.join(dataDir, 'files', 'ab'), { recursive: true });
    writeFileSync(path.join(dataDir, 'files', 'ab', '手册 backup.pdf'), Buffer.alloc(70_000, 7));
    writeFileSync(path.join(dataDir, 'files', 'ab', 'one'), 'one');
    linkSync(path.join(dataDir, 'files', 'ab', 'one'), path.join(dataDir, 'files', 'two'));
    symlinkSync(outside, path.join(dataDir, 'files', 'outside-link'));
    writeFileSync(path.join(dataDir, 'files', 'upload.tmp'), 'being written');
  }, 120_000);

  it('holds the manifest, the database and the files and folders of DATA_DIR, each file whole', async () => {
    const said: string[] = [];
    archive = await createBackup(configOf(dataDir), (l) => said.push(l));
    expect(said).toEqual([
      `Not archived (neither a file nor a folder): ${path.join(dataDir, 'files', 'outside-link')}`,
    ]);
    expect(readdirSync(backupDir)).toEqual([path.basename(archive)]);
    expect(statSync(archive).mode & 0o777).toBe(0o600);
    const entries: string[] = [];
    await list({
      file: archive,
      onReadEntry: (e) => entries.push(`${e.type} ${e.path} ${e.type === 'File' ? e.size : ''}`.trim()),
    });
    expect(entries.slice(0, 2)).toEqual([
      expect.stringMatching(/^File backup\.json \d+$/),
      expect.stringMatching(/^File database\/pglite\.tar \d+$/),
    ]);
    // The hard-linked pair goes in as two files (a restore unpacks no link).
    expect(entries.slice(2)).toEqual([
      'Directory data/files/',
      'Directory data/files/ab/',
      'File data/files/ab/one 3',
      'File data/files/ab/手册 backup.pdf 70000',
      'File data/files/two 3',
      'File data/secret.key 44',
    ]);
  }, 120_000);

  it('restores it into an empty data directory', async () => {
    const { said, error, dataDir: target } = await restoreInto(archive);
    expect(error).toBe('');
    expect(said).toEqual([]);
    expect(readdirSync(target).sort()).toEqual(['files', 'pglite', 'secret.key']);
    expect(statSync(path.join(target, 'secret.key')).mode & 0o777).toBe(0o600);
    expect(readFileSync(path.join(target, 'files', 'ab', '手册 backup.pdf')).equals(Buffer.alloc(70_000, 7))).toBe(
      true,
    );
    expect(readFileSync(path.join(target, 'files', 'two'), 'utf8')).toBe('one');
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(target, 'pglite') });
    try {
      expect((await database.sql.query('SELECT v FROM kept')).rows).toEqual([{ v: 'by the backup' }]);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('refuses a truncated or damaged archive, leaving the data directory as it was', async () => {
    const size = statSync(archive).size;
    const truncated = path.join(root, 'truncated.tar.gz');
    writeFileSync(truncated, readFileSync(archive));
    truncateSync(truncated, Math.floor(size / 2));
    const damaged = path.join(root, 'damaged.tar.gz');
    const bytes = readFileSync(archive);
    bytes.fill(0xff, Math.floor(size / 3), Math.floor(size / 3) + 16);
    writeFileSync(damaged, bytes);
    const notTar = path.join(root, 'not-tar.tar.gz');
    writeFileSync(notTar, 'not an archive');
    const target = mkdtempSync(path.join(root, 'kept-'));
    writeFileSync(path.join(target, 'marker'), 'still here');
    for (const file of [truncated, damaged, notTar]) {
      const failed = restoreBackup(configOf(target), file, { force: true });
      await expect(failed).rejects.toThrow(`${file}: cannot read the archive (damaged or truncated?): `);
      expect(readdirSync(target)).toEqual(['marker']);
    }
  }, 120_000);

  it('refuses an entry whose path climbs out with ..', async () => {
    for (const name of ['data/../../evil', 'data/files/../../../evil']) {
      const file = rawArchive('dotdot.tar.gz', [
        { path: 'backup.json', body: manifest },
        { path: name, body: 'x' },
      ]);
      const { error, dataDir: target } = await restoreInto(file);
      expect(error).toBe(
        `${file}: cannot read the archive (damaged or truncated?): TAR_ENTRY_ERROR: path contains '..'`,
      );
      expect(existsSync(path.join(target, '..', 'evil'))).toBe(false);
      expect(existsSync(path.join(root, 'evil'))).toBe(false);
      expect(readdirSync(target)).toEqual([]);
    }
  });

  it('unpacks no absolute path, link or special file', async () => {
    const file = rawArchive('links.tar.gz', [
      { path: 'backup.json', body: manifest },
      { path: path.join(outside, 'absolute'), body: 'x' },
      { path: `data/${path.join(outside, 'absolute-in-data')}`, body: 'x' },
      { path: 'data/link', type: 'SymbolicLink', linkpath: outside },
      { path: 'data/link/through-link', body: 'x' },
      { path: 'data/hard', type: 'Link', linkpath: path.join(outside, 'target') },
    ]);
    writeFileSync(path.join(outside, 'target'), 'not to be linked');
    const { said, error, dataDir: target } = await restoreInto(file);
    // Without a database the restore stops after unpacking, before anything is moved into place.
    expect(error).toBe(`${file}: the archive holds no database (truncated?)`);
    expect(said).toEqual([
      'Not restored (neither a file nor a folder): data/link',
      'Not restored (neither a file nor a folder): data/hard',
    ]);
    expect(readdirSync(outside)).toEqual(['target']);
    expect(readdirSync(target)).toEqual([]);
  });
});
