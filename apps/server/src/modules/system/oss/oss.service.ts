import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import {
  CHAT_FILE_MAX_BYTES,
  type FilePurpose,
  KNOWLEDGE_FILE_MAX_BYTES,
  KNOWLEDGE_QA_PERMISSIONS,
  QA_IMPORT_MAX_BYTES,
  routeUrl,
  type StoredFile,
  WELCOME_FILE_KINDS,
  WELCOME_FILE_MAX_BYTES,
  WELCOME_IMAGE_KINDS,
} from '@agent-console/contracts';
import { OSS_ROUTES } from '@agent-console/contracts/oss';
import { eq, sql } from 'drizzle-orm';
import { LOCK_NAMESPACE, lockForTransaction } from '../../../db/advisory-lock';
import type { Db, Executor } from '../../../db/client';
import { storedObjects } from '../../../db/schema';
import { foundInScope } from '../../../http/found';
import type { Upload } from '../../../http/multipart';
import { hasPermission } from '../../../http/permission';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';
import type { ObjectStorage } from '../../../storage';
import { type FileKind, MIME_OF, sniffFile } from '../../../storage/file-type';
import { newStorageKey } from '../../../storage/object-storage';

/** What each purpose accepts, and how large. */
export const PURPOSE_RULES: Record<FilePurpose, { kinds: FileKind[]; maxBytes: number }> = {
  knowledge: { kinds: ['pdf', 'doc', 'docx'], maxBytes: KNOWLEDGE_FILE_MAX_BYTES },
  'qa-import': { kinds: ['xlsx', 'csv'], maxBytes: QA_IMPORT_MAX_BYTES },
  // Welcome-message files and images (SPEC §5, §9; the formats in contracts/ai-role.ts).
  attachment: { kinds: [...WELCOME_FILE_KINDS], maxBytes: WELCOME_FILE_MAX_BYTES },
  image: { kinds: [...WELCOME_IMAGE_KINDS], maxBytes: WELCOME_FILE_MAX_BYTES },
  // Batch-message files (SPEC §5, §9): 3MB each; the spec names no types, so every kind we recognise.
  'message-file': {
    kinds: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt', 'csv', 'png', 'jpeg', 'gif', 'webp'],
    maxBytes: CHAT_FILE_MAX_BYTES,
  },
};

export type ObjectRow = typeof storedObjects.$inferSelect;

/**
 * Checks an upload's bytes against its purpose and the customer's storage quota, and stores it
 * under a key of ours. The row is written only after the bytes are stored, and the bytes are
 * removed again if the row fails (or the quota was taken meanwhile), so a refused upload leaves
 * nothing behind.
 */
export async function storeUpload(
  db: Db,
  storage: ObjectStorage,
  auth: AuthContext,
  upload: Upload,
  purpose: FilePurpose,
  customerId: number,
): Promise<ObjectRow> {
  const rule = PURPOSE_RULES[purpose];
  if (upload.data.length > rule.maxBytes) throw AppError.field('A0702', 'file', 'tooBig');
  const sniffed = await sniffFile(upload.data, upload.filename);
  if (!sniffed.ok || !rule.kinds.includes(sniffed.kind)) {
    // A name of an accepted type on other content (a text file renamed "fake.pdf") is told as
    // such: the person sees a .pdf and would not understand "not an accepted type".
    const named = path.extname(upload.filename).slice(1).toLowerCase();
    const claimed = rule.kinds.some((kind) => kind === named || (kind === 'jpeg' && named === 'jpg'));
    throw new AppError('A0701', {
      // The sentence names the file and what this upload takes: "File “x.docx” is not one of the
      // accepted file types: PDF, DOC, DOCX".
      fields: [
        {
          field: 'file',
          reason: claimed ? 'notWhatItsNameSays' : 'notAcceptedType',
          subject: upload.filename,
          ...(claimed ? {} : { detail: rule.kinds.map((kind) => kind.toUpperCase()).join(', ') }),
        },
      ],
      detail: sniffed.ok ? 'notAllowed' : sniffed.reason,
      allowed: rule.kinds,
    });
  }
  // Checked before the bytes are written (cheap refusal) and again, under a per-customer lock,
  // in the transaction that records them, so two uploads at once cannot both squeeze in.
  await assertQuota(db, storage, customerId, upload.data.length);
  const key = newStorageKey(customerId, randomUUID());
  await storage.put(key, upload.data, MIME_OF[sniffed.kind]);
  try {
    return await db.transaction(async (tx) => {
      await lockForTransaction(tx, LOCK_NAMESPACE.storageQuota, customerId);
      await assertQuota(tx, storage, customerId, upload.data.length);
      const [row] = await tx
        .insert(storedObjects)
        .values({
          customerId,
          ownerUserId: auth.userId,
          storageKey: key,
          originalName: upload.filename,
          mime: MIME_OF[sniffed.kind],
          kind: sniffed.kind,
          size: upload.data.length,
          sha256: createHash('sha256').update(upload.data).digest('hex'),
          purpose,
        })
        .returning();
      if (!row) throw new Error('object row not written');
      return row;
    });
  } catch (err) {
    await storage.delete(key).catch(() => {});
    throw err;
  }
}

/** Bytes a customer keeps in storage: the sum of the sizes of its stored objects. */
export async function storageUsage(db: Executor, customerId: number): Promise<number> {
  const [row] = await db
    .select({ used: sql<string>`coalesce(sum(${storedObjects.size}), 0)::text` })
    .from(storedObjects)
    .where(eq(storedObjects.customerId, customerId));
  return Number(row?.used ?? 0);
}

/** A0703 when `adding` more bytes would take the customer past the storage quota. */
export async function assertQuota(
  db: Executor,
  storage: ObjectStorage,
  customerId: number,
  adding: number,
): Promise<void> {
  const used = await storageUsage(db, customerId);
  if (used + adding > storage.quotaBytes) {
    throw new AppError('A0703', { quotaBytes: storage.quotaBytes, usedBytes: used });
  }
}

/** Removes a stored object that nothing refers to (its row, then its bytes). */
export async function deleteObject(db: Db, storage: ObjectStorage, row: ObjectRow): Promise<void> {
  await db.delete(storedObjects).where(eq(storedObjects.id, row.id));
  await storage.delete(row.storageKey).catch(() => {});
}

/** An object inside the caller's scope; anything else (including a guessed id) is A0404. */
export async function loadObject(db: Db, auth: AuthContext, id: number): Promise<ObjectRow> {
  return foundInScope(auth, db.select().from(storedObjects).where(eq(storedObjects.id, id)));
}

/**
 * An object the caller may read. Besides the data scope, the stored object's purpose decides:
 * a sheet stored for a QA import holds what only importers handle, so reading it needs the import
 * permission too. This is the one permission decided by a stored row rather than by the request,
 * which is why it sits here, beside the scope check of the same row, and not in the route config.
 */
export async function loadReadableObject(db: Db, auth: AuthContext, id: number): Promise<ObjectRow> {
  const row = await loadObject(db, auth, id);
  if (row.purpose === 'qa-import' && !hasPermission(auth, KNOWLEDGE_QA_PERMISSIONS.import)) throw new AppError('A0312');
  return row;
}

export function downloadUrl(id: number): string {
  return routeUrl(OSS_ROUTES.download, { id });
}

export function toStoredFile(row: ObjectRow): StoredFile {
  return {
    id: row.id,
    name: row.originalName,
    size: row.size,
    mime: row.mime,
    kind: row.kind,
    purpose: row.purpose,
    url: downloadUrl(row.id),
    createdAt: row.createdAt.toISOString(),
  };
}
