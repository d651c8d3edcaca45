import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertStorageKey, DEFAULT_STORAGE_QUOTA_MB, MIB, type ObjectStorage } from './object-storage';

/** Files under one root folder (DATA_DIR/files by default); writes are atomic (temp + rename). */
export function createLocalStorage(root: string, quotaBytes = DEFAULT_STORAGE_QUOTA_MB * MIB): ObjectStorage {
  const base = path.resolve(root);
  const fileOf = (key: string) => {
    assertStorageKey(key);
    const file = path.resolve(base, key);
    if (!file.startsWith(base + path.sep)) throw new Error('storage key escapes the root');
    return file;
  };
  return {
    driver: 'local',
    quotaBytes,
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${randomUUID()}.tmp`;
      await writeFile(temp, data);
      await rename(temp, file);
    },
    get: (key) => readFile(fileOf(key)),
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    // The root is made on the first upload; a file in its place or a folder we may not write fails.
    async ready() {
      await mkdir(base, { recursive: true });
      await access(base, constants.R_OK | constants.W_OK);
    },
  };
}
