/**
 * The backup tool's command line: `backup`, or `restore <archive> [--force]` (docs/operations.md,
 * "Backup and restore"). The build bundles it into dist/backup-cli.js beside main.js (build.mjs),
 * which `npm run backup` and `npm run restore` run, so that it needs no dev dependency. This reads
 * the configuration as the server does (env.ts); the work is in ops/backup-command.ts and
 * ops/backup.ts. Ends the process with the command's exit code.
 */
import path from 'node:path';
import { type Env, loadEnv } from './env';
import { ConfigError } from './lib/config-error';
import { defaultBackupDir } from './ops/backup';
import { BACKUP_USAGE, parseBackupArgs, runBackupCommand } from './ops/backup-command';

const command = parseBackupArgs(process.argv.slice(2));
if (!command) {
  process.stderr.write(`${BACKUP_USAGE}\n`);
  process.exit(1);
}
let env: Env;
try {
  env = loadEnv();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
}
const code = await runBackupCommand(
  command,
  {
    dataDir: env.dataDir,
    backupDir: env.BACKUP_DIR ? path.resolve(env.BACKUP_DIR) : defaultBackupDir(env.dataDir),
    databaseUrl: env.DATABASE_URL,
    storageDriver: env.STORAGE_DRIVER,
    secretKeySet: Boolean(env.SECRET_KEY),
  },
  // npm runs scripts in the project's folder and says in INIT_CWD where it was called from.
  { cwd: process.env.INIT_CWD ?? process.cwd() },
);
process.exit(code);
