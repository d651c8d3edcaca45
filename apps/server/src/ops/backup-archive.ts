/**
 * The backup archive (a plain tar.gz, written and read with node-tar) and its manifest:
 *   backup.json              what the archive holds (first, so a restore checks it before anything else)
 *   database/pglite.tar      the embedded database: PGlite's dumpDataDir()
 *   database/postgres.dump   or PostgreSQL's: pg_dump --format=custom
 *   data/…                   everything else in DATA_DIR, with its relative paths
 * backup.ts makes and restores backups with it.
 */
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { create as createTar, extract as extractTar, Parser, type ReadEntry } from 'tar';
import type { BackupConfig, Say } from './backup-config';
import { BackupError } from './backup-error';

export const MANIFEST_ENTRY = 'backup.json';
export const PGLITE_ENTRY = 'database/pglite.tar';
export const POSTGRES_ENTRY = 'database/postgres.dump';
const DATA_FOLDER = 'data';
const DATA_PREFIX = `${DATA_FOLDER}/`;
/** The embedded database's folder inside DATA_DIR (main.ts). */
export const PGLITE_FOLDER = 'pglite';
/** Where a restore unpacks before it replaces anything: inside DATA_DIR, so the final moves are renames. */
export const STAGING_PREFIX = '.restore-';
export const FORMAT = 'agent-console-backup';
/** A manifest is a few hundred bytes; a first entry larger than this is not one. */
const MAX_MANIFEST_BYTES = 64 * 1024;

export interface Manifest {
  format: typeof FORMAT;
  formatVersion: 1;
  appVersion: string;
  createdAt: string;
  database: 'pglite' | 'postgres';
  storage: 'local' | 's3';
  /** SECRET_KEY was set, so the key is not in the archive (secret.key may be absent or unused). */
  secretKeyFromEnv: boolean;
}

/**
 * Writes the archive: `head` (paths inside `staging`, archived under the same names), then `files`
 * (DATA_DIR's, archived under `data/`). node-tar names an entry by the path it is given, relative
 * to its `cwd`; onWriteEntry gives each entry its name in the archive instead. With `staging` as
 * that `cwd`, no file of DATA_DIR lies below it, so node-tar never writes one as a hard link to
 * another (it does that only within its `cwd`): each file goes in whole.
 */
export async function writeArchive(
  file: string,
  staging: string,
  head: string[],
  files: { absolute: string; name: string }[],
): Promise<void> {
  const names = new Map<string, string>(head.map((name) => [path.join(staging, name), name]));
  for (const f of files) names.set(f.absolute, `${DATA_PREFIX}${f.name}`);
  await createTar(
    {
      file,
      mode: 0o600,
      cwd: staging,
      gzip: true,
      // No owner (uid, gid, user name) in the archive; the modes are kept (secret.key stays 0600).
      portable: true,
      strict: true,
      // Each folder is listed by dataFiles, which leaves out what is not archived.
      noDirRecurse: true,
      // A file that became something else since it was listed (a link) is left out.
      filter: (_name, entry) => !('type' in entry) && (entry.isFile() || entry.isDirectory()),
      onWriteEntry: (entry) => {
        const name = names.get(entry.absolute) ?? entry.path;
        entry.path = entry.type === 'Directory' ? `${name}/` : name;
        // `portable` leaves out the time of folders too; it is kept, as for files.
        entry.noMtime = false;
      },
    },
    [...head, ...files.map((f) => path.relative(staging, f.absolute))],
  );
}

/**
 * Everything in DATA_DIR but the embedded database (dumped on its own) and its lock, the backup
 * folder when it lies inside, a restore's staging folder, and files of writes in progress (`*.tmp`):
 * secret.key, the gateway's secrets, `files/` of local storage, and whatever a later version keeps
 * there. Folders come before what they hold; `name` is the path relative to DATA_DIR, `/`-separated.
 */
export async function dataFiles(
  dataDir: string,
  skip: (file: string) => boolean,
  say: Say,
): Promise<{ absolute: string; name: string }[]> {
  const found: { absolute: string; name: string }[] = [];
  async function walk(dir: string, relative: string): Promise<void> {
    const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const entry of entries) {
      const absolute = path.join(dir, entry.name);
      const name = `${relative}${entry.name}`;
      if (relative === '' && (isEmbeddedDatabase(entry.name) || entry.name.startsWith(STAGING_PREFIX))) continue;
      if (entry.name.endsWith('.tmp') || skip(absolute)) continue;
      if (entry.isDirectory()) {
        found.push({ absolute, name });
        await walk(absolute, `${name}/`);
      } else if (entry.isFile()) {
        found.push({ absolute, name });
      } else {
        say(`Not archived (neither a file nor a folder): ${absolute}`);
      }
    }
  }
  await walk(dataDir, '');
  return found;
}

/** The embedded database's folder and its lock (`pglite.lock`, and a lock being written: db/data-dir-lock.ts). */
function isEmbeddedDatabase(name: string): boolean {
  return name === PGLITE_FOLDER || name === `${PGLITE_FOLDER}.lock` || name.startsWith(`${PGLITE_FOLDER}.lock.`);
}

/** node-tar's message, with what it means for a backup archive. */
function unreadable(archive: string, err: unknown): BackupError {
  const message = err instanceof Error ? err.message : String(err);
  return new BackupError(`${archive}: cannot read the archive (damaged or truncated?): ${message}`);
}

/**
 * Unpacks the archive into `staging`: the manifest, the database dump, and the files under `data/`
 * (returned as `stagedData`). Only files and folders are unpacked, and only under those names:
 * node-tar, in strict mode, refuses an entry whose path is absolute or holds `..` (and any damage),
 * and a link or other special entry is left out with a message.
 */
export async function unpack(
  archive: string,
  staging: string,
  config: BackupConfig,
  say: Say,
): Promise<{ manifest: Manifest; databaseFile: string; stagedData: string }> {
  const databaseEntry = config.databaseUrl ? POSTGRES_ENTRY : PGLITE_ENTRY;
  const stagedData = path.join(staging, DATA_FOLDER);
  await mkdir(stagedData, { mode: 0o700 });
  const leftOut: string[] = [];
  try {
    await extractTar({
      file: archive,
      cwd: staging,
      strict: true,
      // The files belong to whoever runs the restore, as those the console writes.
      preserveOwner: false,
      filter: (name, entry) => {
        const wanted = name === MANIFEST_ENTRY || name === databaseEntry || name.startsWith(DATA_PREFIX);
        if (!wanted) return false;
        const type = (entry as ReadEntry).type;
        if (type === 'File' || type === 'OldFile' || type === 'ContiguousFile' || type === 'Directory') return true;
        leftOut.push(name);
        return false;
      },
    });
  } catch (err) {
    throw unreadable(archive, err);
  }
  for (const name of leftOut) say(`Not restored (neither a file nor a folder): ${name}`);
  // Read again from what was unpacked: the archive may have changed since readManifest.
  const manifestFile = path.join(staging, MANIFEST_ENTRY);
  if (!(await isFile(manifestFile))) throw new BackupError(`${archive}: not a backup of this console`);
  const manifest = parseManifest(archive, await readFile(manifestFile));
  checkTarget(archive, manifest, config);
  const databaseFile = path.join(staging, databaseEntry);
  if (!(await isFile(databaseFile))) throw new BackupError(`${archive}: the archive holds no database (truncated?)`);
  return { manifest, databaseFile, stagedData };
}

async function isFile(file: string): Promise<boolean> {
  return (await stat(file).catch(() => undefined))?.isFile() ?? false;
}

/** The archive's manifest, its first entry, read without unpacking (or reading) the rest. */
export async function readManifest(archive: string): Promise<Manifest> {
  const file = createReadStream(archive);
  let bytes: Buffer | undefined;
  try {
    bytes = await new Promise<Buffer | undefined>((resolve, reject) => {
      // The parser goes on to the next entries before the first one's content is collected: those
      // are left unread, which stops it (and the reading of the file).
      let first = true;
      const parser = new Parser({
        strict: true,
        onReadEntry: (entry) => {
          if (!first) return;
          first = false;
          if (entry.path !== MANIFEST_ENTRY || entry.type !== 'File' || entry.size > MAX_MANIFEST_BYTES) {
            resolve(undefined);
          } else {
            entry.concat().then((content) => resolve(Buffer.from(content)), reject);
          }
        },
      });
      parser.on('error', reject);
      parser.on('end', () => {
        if (first) resolve(undefined); // no entry at all
      });
      file.on('error', reject);
      file.pipe(parser);
    });
  } catch (err) {
    throw unreadable(archive, err);
  } finally {
    file.destroy();
  }
  if (!bytes) throw new BackupError(`${archive}: not a backup of this console`);
  return parseManifest(archive, bytes);
}

function parseManifest(archive: string, bytes: Buffer): Manifest {
  let manifest: Partial<Manifest> | null;
  try {
    manifest = JSON.parse(bytes.toString('utf8')) as Partial<Manifest>;
  } catch {
    throw new BackupError(`${archive}: its ${MANIFEST_ENTRY} is damaged`);
  }
  if (manifest?.format !== FORMAT) throw new BackupError(`${archive}: not a backup of this console`);
  if (manifest.formatVersion !== 1) {
    throw new BackupError(`${archive}: backup format ${manifest.formatVersion} is newer than this version reads`);
  }
  return manifest as Manifest;
}

/** A backup restores onto the kind of database it was made from. */
export function checkTarget(archive: string, manifest: Manifest, config: BackupConfig): void {
  if (manifest.database === 'pglite' && config.databaseUrl) {
    throw new BackupError(
      `${archive} holds an embedded (PGlite) database, but DATABASE_URL is set: unset it to restore the embedded database`,
    );
  }
  if (manifest.database === 'postgres' && !config.databaseUrl) {
    throw new BackupError(`${archive} holds a PostgreSQL database: set DATABASE_URL to the database to restore into`);
  }
}
