import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { assertStorageKey, DEFAULT_STORAGE_QUOTA_MB, MIB, type ObjectStorage } from './object-storage';

export interface S3Config {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Optional key prefix inside the bucket, e.g. `agent-console/`. */
  prefix?: string;
  /** Bytes each customer may keep (see ObjectStorage.quotaBytes). */
  quotaBytes?: number;
}

/** How long the readiness probe waits for the store, retries included. */
const READY_TIMEOUT_MS = 5000;

/** Any S3-compatible store (AWS S3, MinIO, Ceph, OSS/COS in S3 mode). */
export function createS3Storage(config: S3Config): ObjectStorage {
  const client = new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
  });
  const objectKey = (key: string) => {
    assertStorageKey(key);
    return `${config.prefix ?? ''}${key}`;
  };
  return {
    driver: 's3',
    quotaBytes: config.quotaBytes ?? DEFAULT_STORAGE_QUOTA_MB * MIB,
    async put(key, data, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket: config.bucket, Key: objectKey(key), Body: data, ContentType: contentType }),
      );
    },
    async get(key) {
      const out = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
      if (!out.Body) throw new Error('empty object body');
      return Buffer.from(await out.Body.transformToByteArray());
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
    },
    // The bucket exists and these credentials may use it (HEAD: no body, no listing).
    async ready() {
      await client.send(new HeadBucketCommand({ Bucket: config.bucket }), {
        abortSignal: AbortSignal.timeout(READY_TIMEOUT_MS),
      });
    },
  };
}
