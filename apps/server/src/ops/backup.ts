/**
 * `npm run backup` and `npm run restore -- <archive> [--force]` (docs/operations.md "Backup and
 * restore"): one `.tar.gz` holding the database and the rest of DATA_DIR that must survive
 * (secret.key, the gateway's generated secrets, the files of local storage). The command line is
 * the root file backup-cli.ts, which reads the configuration (env.ts) and calls backup-command.ts
 * with a BackupConfig; that runs createBackup and restoreBackup, here. The archive's layout and
 * manifest are in backup-archive.ts, the PostgreSQL side (pg_dump, pg_restore) in postgres-tools.ts.
 *
 * Why the embedded database goes through PGlite's dumpDataDir() rather than a copy of the folder:
 * the database is opened through openDatabase, as the server opens it, which takes its lock
 * (`DATA_DIR/pglite.lock`, db/data-dir-lock.ts): a console running on the data directory makes the
 * backup refuse, and no console can start on it until the whole archive is written. The dump is
 * taken after a CHECKPOINT from the database PGlite itself sees, and a restore loads it with
 * loadDataDir, so an archive that PGlite cannot open fails the restore instead of the next start.
 * The folder copy made while the console is stopped remains the documented alternative that needs
 * no tooling.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { APP_VERSION } from '@agent-console/contracts';
import { type Database, openDatabase } from '../db/client';
import { SECRET_KEY_FILE } from '../lib/secret-box';
import {
  checkTarget,
  dataFiles,
  FORMAT,
  MANIFEST_ENTRY,
  type Manifest,
  PGLITE_ENTRY,
  PGLITE_FOLDER,
  POSTGRES_ENTRY,
  readManifest,
  STAGING_PREFIX,
  unpack,
  writeArchive,
} from './backup-archive';
import type { BackupConfig, Say } from './backup-config';
import { BackupError } from './backup-error';
import { checkPostgresTarget, runPostgresTool, withClient } from './postgres-tools';

export type { BackupConfig } from './backup-config';
export { BackupError } from './backup-error';

/** pg-boss's schema (jobs/boss.ts). */
const JOBS_SCHEMA = 'pgboss';

/** Where backups go without BACKUP_DIR: `backups` beside DATA_DIR. */
export function defaultBackupDir(dataDir: string): string {
  return path.resolve(dataDir, '..', 'backups');
}

/**
 * `agent-console-20261125T021500Z.tar.gz` (UTC), with `-2`, `-3`… if that name is taken, or that of
 * its partial file or staging folder.
 */
function archiveName(dir: string, now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  for (let n = 1; ; n++) {
    const file = path.join(dir, `agent-console-${stamp}${n === 1 ? '' : `-${n}`}.tar.gz`);
    if (![file, `${file}.partial`, `${file}.staging`].some((f) => existsSync(f))) return file;
  }
}

export async function createBackup(config: BackupConfig, say: Say = () => {}): Promise<string> {
  const { dataDir, backupDir, databaseUrl } = config;
  const hasDataDir = existsSync(dataDir);
  if (!hasDataDir) {
    // With PostgreSQL and every secret given in the environment, DATA_DIR may hold nothing yet.
    if (!databaseUrl) throw new BackupError(`${dataDir}: the data directory (DATA_DIR) does not exist`);
    say(`${dataDir}: the data directory (DATA_DIR) does not exist; the archive holds the database only.`);
  }
  await mkdir(backupDir, { recursive: true, mode: 0o700 });
  const now = new Date();
  const target = archiveName(backupDir, now);
  const partial = `${target}.partial`;
  // The manifest and the database dump are written here first: the archive is made of files.
  const staging = `${target}.staging`;
  const manifest: Manifest = {
    format: FORMAT,
    formatVersion: 1,
    appVersion: APP_VERSION,
    createdAt: now.toISOString(),
    database: databaseUrl ? 'postgres' : 'pglite',
    storage: config.storageDriver,
    secretKeyFromEnv: config.secretKeySet,
  };
  const skip = (file: string) => file === path.resolve(backupDir);
  try {
    await mkdir(path.join(staging, path.dirname(PGLITE_ENTRY)), { recursive: true, mode: 0o700 });
    await writeFile(path.join(staging, MANIFEST_ENTRY), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    if (databaseUrl) {
      // The database first: files stored after its snapshot are extra, never missing.
      await runPostgresTool(
        'pg_dump',
        ['--format=custom', `--file=${path.join(staging, POSTGRES_ENTRY)}`],
        databaseUrl,
      );
      const files = hasDataDir ? await dataFiles(dataDir, skip, say) : [];
      await writeArchive(partial, staging, [MANIFEST_ENTRY, POSTGRES_ENTRY], files);
    } else {
      const pgliteDir = path.join(dataDir, PGLITE_FOLDER);
      if (!existsSync(path.join(pgliteDir, 'PG_VERSION'))) {
        throw new BackupError(
          `${dataDir}: there is no embedded database in ${pgliteDir} to back up (is DATA_DIR right? with PostgreSQL, set DATABASE_URL)`,
        );
      }
      const database = await openEmbedded(pgliteDir, dataDir, 'back up');
      try {
        await database.sql.exec('CHECKPOINT');
        const dump = await database.dump?.();
        if (!dump) throw new Error('the embedded database offers no dump');
        await writeFile(path.join(staging, PGLITE_ENTRY), dump, { mode: 0o600 });
        // Written while the database is open: its lock keeps a console from starting meanwhile.
        await writeArchive(partial, staging, [MANIFEST_ENTRY, PGLITE_ENTRY], await dataFiles(dataDir, skip, say));
      } finally {
        await database.close();
      }
    }
    await rename(partial, target);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  if (config.secretKeySet) say('SECRET_KEY is set: it is not in the archive; keep it with the backup.');
  if (config.storageDriver === 's3') say('STORAGE_DRIVER=s3: uploaded files are in the bucket, not in the archive.');
  return target;
}

export async function restoreBackup(
  config: BackupConfig,
  archiveFile: string,
  options: { force: boolean; say?: Say },
): Promise<Manifest> {
  const say = options.say ?? (() => {});
  const { dataDir, databaseUrl } = config;
  const archive = path.resolve(archiveFile);
  if (!existsSync(archive)) throw new BackupError(`${archive}: no such backup archive`);
  // What the archive holds is checked before anything else: no other check or change is of use
  // when it is not a backup, or one of the other kind of database.
  checkTarget(archive, await readManifest(archive), config);
  await mkdir(dataDir, { recursive: true });
  const backupDir = path.resolve(config.backupDir);
  // A restore that was killed half-way leaves its staging folder; nothing else uses these names.
  for (const name of await readdir(dataDir)) {
    if (name.startsWith(STAGING_PREFIX)) await rm(path.join(dataDir, name), { recursive: true, force: true });
  }
  // The backup folder and the archive itself are kept when they lie in DATA_DIR.
  const present = (await readdir(dataDir))
    .filter((name) => ![backupDir, archive].includes(path.join(dataDir, name)))
    .sort();
  if (present.length > 0 && !options.force) {
    throw new BackupError(
      `${dataDir}: the data directory is not empty (${present.slice(0, 4).join(', ')}${present.length > 4 ? ', …' : ''}). ` +
        'A restore replaces it: stop the console, then run the restore again with --force (what is in it is deleted), ' +
        'or point DATA_DIR at an empty folder.',
    );
  }
  let replacingTables = false;
  if (databaseUrl) replacingTables = await checkPostgresTarget(databaseUrl, options.force);
  else if (existsSync(path.join(dataDir, PGLITE_FOLDER, 'PG_VERSION'))) {
    // Opened once and closed: a console running on this data directory makes the open fail.
    await (await openEmbedded(path.join(dataDir, PGLITE_FOLDER), dataDir, 'restore into')).close();
  }

  const staging = await mkdtemp(path.join(dataDir, STAGING_PREFIX));
  try {
    const { manifest, databaseFile, stagedData } = await unpack(archive, staging, config, say);
    if (manifest.database === 'pglite') {
      const database = await openDatabase({
        kind: 'pglite',
        dataDir: path.join(stagedData, PGLITE_FOLDER),
        loadDataDir: await readFile(databaseFile),
      });
      try {
        await database.sql.query('SELECT count(*) FROM pg_class');
      } finally {
        await database.close();
      }
    } else {
      const url = databaseUrl as string;
      // pg_restore --clean cannot drop the partitions of pg-boss's job table ("cannot drop
      // inherited constraint"), so over an existing database that schema goes first; pg-boss makes
      // it again at start should the restore fail. The rest is replaced in pg_restore's transaction.
      if (replacingTables) {
        await withClient(url, (client) => client.query(`DROP SCHEMA IF EXISTS ${JOBS_SCHEMA} CASCADE`));
      }
      await runPostgresTool(
        'pg_restore',
        ['--clean', '--if-exists', '--no-owner', '--single-transaction', databaseFile],
        url,
      );
    }
    for (const name of present) await rm(path.join(dataDir, name), { recursive: true, force: true });
    for (const name of await readdir(stagedData)) await rename(path.join(stagedData, name), path.join(dataDir, name));
    if (manifest.appVersion !== APP_VERSION) {
      say(`The backup was made by version ${manifest.appVersion}, this is ${APP_VERSION}.`);
    }
    if (manifest.secretKeyFromEnv && !config.secretKeySet) {
      say('The backup was made with SECRET_KEY set: set the same SECRET_KEY, or stored secrets cannot be opened.');
    } else if (config.secretKeySet && existsSync(path.join(dataDir, SECRET_KEY_FILE))) {
      say(
        `SECRET_KEY is set, so the restored ${SECRET_KEY_FILE} is not used: SECRET_KEY must be the key of the backup.`,
      );
    }
    if (manifest.storage === 's3') say('The backup was made with STORAGE_DRIVER=s3: uploaded files are in the bucket.');
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function openEmbedded(pgliteDir: string, dataDir: string, action: string): Promise<Database> {
  try {
    return await openDatabase({ kind: 'pglite', dataDir: pgliteDir });
  } catch (err) {
    throw new BackupError(
      `Cannot ${action} ${dataDir}: the embedded database in ${pgliteDir} could not be opened. ` +
        `Is a console still running on this data directory? Stop it first.\n  ${(err as Error).message}`,
    );
  }
}
