/**
 * The backup tool's command line (backup-cli.ts): `backup`, or `restore <archive> [--force]`,
 * run with createBackup and restoreBackup (backup.ts).
 */
import path from 'node:path';
import { createBackup, restoreBackup } from './backup';
import type { BackupConfig, Say } from './backup-config';
import { BackupError } from './backup-error';
import { describeUrl } from './postgres-tools';

export const BACKUP_USAGE = [
  'Usage: npm run backup',
  '       npm run restore -- <archive.tar.gz> [--force]',
  '   or: node apps/server/dist/backup-cli.js backup | restore <archive.tar.gz> [--force]',
].join('\n');

export type BackupCommand = { command: 'backup' } | { command: 'restore'; archive: string; force: boolean };

/** `backup`, or `restore <archive> [--force]`; undefined for anything else (print BACKUP_USAGE). */
export function parseBackupArgs(argv: string[]): BackupCommand | undefined {
  const [command, ...rest] = argv;
  if (command === 'backup' && rest.length === 0) return { command: 'backup' };
  const files = rest.filter((a) => a !== '--force');
  const archive = files[0];
  if (command === 'restore' && files.length === 1 && archive && !archive.startsWith('-')) {
    return { command: 'restore', archive, force: rest.includes('--force') };
  }
  return undefined;
}

/**
 * Runs a command of the command line and returns its exit code. A relative archive path is taken
 * from `cwd`: the folder npm was called from, not the project's, where npm runs scripts.
 */
export async function runBackupCommand(
  command: BackupCommand,
  config: BackupConfig,
  options: { cwd: string; out?: (text: string) => void; err?: (text: string) => void },
): Promise<number> {
  const out = options.out ?? ((text: string) => process.stdout.write(text));
  const err = options.err ?? ((text: string) => process.stderr.write(text));
  const say: Say = (line) => out(`${line}\n`);
  try {
    if (command.command === 'backup') {
      const file = await createBackup(config, say);
      out(`Backup written: ${file}\n`);
      return 0;
    }
    const archive = path.resolve(options.cwd, command.archive);
    const manifest = await restoreBackup(config, archive, { force: command.force, say });
    out(
      `Restored ${archive} (made ${manifest.createdAt}) into ${config.dataDir}` +
        `${config.databaseUrl ? ` and ${describeUrl(config.databaseUrl)}` : ''}.\n` +
        'Start the console and check it (docs/operations.md, "After a restore").\n',
    );
    return 0;
  } catch (error) {
    if (error instanceof BackupError) err(`${error.message}\n`);
    else err(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return 1;
  }
}
