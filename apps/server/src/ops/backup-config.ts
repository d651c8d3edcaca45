/** What a backup or a restore works on: the console's configuration, as backup-cli.ts reads it. */
export interface BackupConfig {
  /** DATA_DIR, absolute. */
  dataDir: string;
  /** Where backups are written: BACKUP_DIR, or defaultBackupDir(dataDir); absolute. */
  backupDir: string;
  /** DATABASE_URL: the database is PostgreSQL; unset, the embedded one in DATA_DIR/pglite. */
  databaseUrl?: string | undefined;
  storageDriver: 'local' | 's3';
  /** SECRET_KEY is set (then the key is not in DATA_DIR, nor in the archive). */
  secretKeySet: boolean;
}

/** Where a backup or a restore tells the operator what it did or left out, a line at a time. */
export type Say = (line: string) => void;
