import path from 'node:path';
import { ConfigError } from '../lib/config-error';
import { createLocalStorage } from './local-storage';
import { DEFAULT_STORAGE_QUOTA_MB, MIB, type ObjectStorage } from './object-storage';
import { createS3Storage } from './s3-storage';

export type { ObjectStorage } from './object-storage';

export interface StorageEnv {
  dataDir: string;
  STORAGE_DRIVER: 'local' | 's3';
  S3_BUCKET?: string | undefined;
  S3_REGION: string;
  S3_ENDPOINT?: string | undefined;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  S3_FORCE_PATH_STYLE: boolean;
  S3_PREFIX?: string | undefined;
  /** Per-customer storage quota in MiB. */
  STORAGE_QUOTA_MB?: number | undefined;
}

/** The configured object storage: local disk under DATA_DIR/files, or S3-compatible. */
export function createStorage(env: StorageEnv): ObjectStorage {
  const quotaBytes = (env.STORAGE_QUOTA_MB ?? DEFAULT_STORAGE_QUOTA_MB) * MIB;
  if (env.STORAGE_DRIVER === 's3') {
    if (!env.S3_BUCKET) throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required when STORAGE_DRIVER=s3');
    return createS3Storage({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
      prefix: env.S3_PREFIX,
      quotaBytes,
    });
  }
  return createLocalStorage(path.join(env.dataDir, 'files'), quotaBytes);
}
