import type { Db } from '../../../db/client';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';
import type { ObjectStorage } from '../../../storage';
import { sniffFile } from '../../../storage/file-type';
import { assertQuota, deleteObject, type ObjectRow, PURPOSE_RULES, storeUpload } from '../../system/oss/oss.service';
import type { MessageFile } from './message-files';

const RULE = PURPOSE_RULES['message-file'];

/**
 * Every file's type from its bytes, and the customer's storage quota for all of them together,
 * before any is stored: a batch whose second file is refused leaves nothing behind.
 */
export async function checkMessageFiles(
  db: Db,
  storage: ObjectStorage,
  customerId: number,
  files: MessageFile[],
): Promise<void> {
  for (const file of files) {
    const sniffed = await sniffFile(file.data, file.filename);
    if (!sniffed.ok || !RULE.kinds.includes(sniffed.kind)) {
      throw new AppError('A0701', {
        fields: [{ field: 'files', reason: 'invalidFormat', subject: file.filename }],
        detail: sniffed.ok ? 'notAllowed' : sniffed.reason,
        allowed: RULE.kinds,
      });
    }
  }
  await assertQuota(
    db,
    storage,
    customerId,
    files.reduce((n, f) => n + f.data.length, 0),
  );
}

/** Stores the files (purpose `message-file`); if one fails, the ones already stored are removed. */
export async function storeMessageFiles(
  db: Db,
  storage: ObjectStorage,
  auth: AuthContext,
  customerId: number,
  files: MessageFile[],
): Promise<ObjectRow[]> {
  const stored: ObjectRow[] = [];
  try {
    for (const file of files) {
      stored.push(
        await storeUpload(
          db,
          storage,
          auth,
          { data: file.data, filename: file.filename, fields: {} },
          'message-file',
          customerId,
        ),
      );
    }
    return stored;
  } catch (err) {
    for (const o of stored) await deleteObject(db, storage, o).catch(() => undefined);
    throw err;
  }
}
