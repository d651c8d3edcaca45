import type { ChatSendBatch, ChatSendResult, sendTextSchema } from '@agent-console/contracts';
import { asc, eq } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { chatMessages, chatSendBatches } from '../../../db/schema';
import { assertInScope } from '../../../http/data-scope';
import { found } from '../../../http/found';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';
import type { ObjectStorage } from '../../../storage';
import { deleteObject, type ObjectRow } from '../../system/oss/oss.service';
import { assertOnline, type ChatAccountRow, loadScopedAccount } from '../account/account-scope';
import { type LiveContact, liveContactsOf } from '../contact/address.service';
import { contactsToJoin as contacts } from '../contact/contact.repo';
import { checkMessageFiles, storeMessageFiles } from './message-file-store';
import type { MessageUpload } from './message-files';
import { RESERVE_REASON } from './pacing-governor';
import { type ChatSendContent, type ChatSendRequest, insertQueuedMessages, wakeSenders } from './send-queue';

export interface BatchDeps {
  db: Db;
  boss: PgBoss | undefined;
  storage: ObjectStorage | undefined;
}

/**
 * The recipients: every id a live contact of this account (the account is in the caller's scope,
 * so they are too). One that is not, whatever the reason (another account's, gone, made up), fails
 * the whole call, naming the field, before anything is written.
 */
async function recipientsOf(db: Db, account: ChatAccountRow, contactIds: number[]): Promise<LiveContact[]> {
  const ids = [...new Set(contactIds)];
  const live = await liveContactsOf(db, account.id, ids);
  if (live.length !== ids.length) throw AppError.field('A0400', 'contactIds', 'notLiveContact');
  const byId = new Map(live.map((c) => [c.id, c]));
  return ids.map((id) => byId.get(id) as LiveContact);
}

async function checkedAccount(deps: BatchDeps, auth: AuthContext, accountId: number): Promise<ChatAccountRow> {
  const account = await loadScopedAccount(deps.db, auth, accountId);
  assertOnline(account);
  return account;
}

/** Writes the batch and its messages in one transaction, then wakes the senders. */
async function queueBatch(
  deps: BatchDeps & { boss: PgBoss },
  auth: AuthContext,
  account: ChatAccountRow,
  recipients: LiveContact[],
  batch: Pick<typeof chatSendBatches.$inferInsert, 'type' | 'content' | 'files'>,
  contents: ChatSendContent[],
): Promise<number> {
  const { batchId, messageIds } = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(chatSendBatches)
      .values({
        customerId: account.customerId,
        accountId: account.id,
        userId: auth.userId,
        total: recipients.length,
        ...batch,
      })
      .returning({ id: chatSendBatches.id });
    if (!row) throw new Error('batch not written');
    const requests: ChatSendRequest[] = recipients.flatMap((contact) =>
      contents.map((message) => ({
        customerId: account.customerId,
        accountId: account.id,
        contactId: contact.id,
        peerWcId: contact.wcId,
        source: 'batch' as const,
        batchId: row.id,
        message,
      })),
    );
    return { batchId: row.id, messageIds: await insertQueuedMessages(tx, requests) };
  });
  await wakeSenders(
    deps.boss,
    messageIds.map((messageId) => ({ accountId: account.id, messageId })),
  );
  return batchId;
}

function requireBoss(deps: BatchDeps): BatchDeps & { boss: PgBoss } {
  if (!deps.boss) throw new AppError('B0001', null, 'the job queue is not running');
  return deps as BatchDeps & { boss: PgBoss };
}

/** POST /message/sendText: one text to each recipient, queued and paced. */
export async function sendTextBatch(
  deps: BatchDeps,
  auth: AuthContext,
  input: z.output<typeof sendTextSchema>,
): Promise<ChatSendBatch> {
  const account = await checkedAccount(deps, auth, input.accountId);
  const recipients = await recipientsOf(deps.db, account, input.contactIds);
  const batchId = await queueBatch(
    requireBoss(deps),
    auth,
    account,
    recipients,
    { type: 'text', content: input.content },
    [{ type: 'text', content: input.content }],
  );
  return loadBatch(deps.db, auth, batchId);
}

/**
 * POST /message/sendFile: every file to each recipient. The files are checked (type, quota) before
 * any is stored, and the stored ones are removed again if anything after fails.
 */
export async function sendFileBatch(deps: BatchDeps, auth: AuthContext, upload: MessageUpload): Promise<ChatSendBatch> {
  const account = await checkedAccount(deps, auth, upload.fields.accountId);
  const recipients = await recipientsOf(deps.db, account, upload.fields.contactIds);
  const queued = requireBoss(deps);
  if (!deps.storage) throw new AppError('B0001', null, 'object storage not configured');
  const storage = deps.storage;
  await checkMessageFiles(deps.db, storage, account.customerId, upload.files);
  const stored: ObjectRow[] = await storeMessageFiles(deps.db, storage, auth, account.customerId, upload.files);
  try {
    const batchId = await queueBatch(
      queued,
      auth,
      account,
      recipients,
      {
        type: 'file',
        content: null,
        files: stored.map((o) => ({ name: o.originalName, size: o.size, storageKey: o.storageKey })),
      },
      stored.map((o) => ({ type: 'file', objectId: o.id, fileName: o.originalName })),
    );
    return await loadBatch(deps.db, auth, batchId);
  } catch (err) {
    for (const o of stored) await deleteObject(deps.db, storage, o).catch(() => undefined);
    throw err;
  }
}

/** Where one recipient's messages are: failed if any failed, queued while any waits, else sent. */
function resultOf(contactId: number, nickname: string, messages: (typeof chatMessages.$inferSelect)[]): ChatSendResult {
  const failed = messages.find((m) => m.status === 'failed');
  const waiting = messages.find((m) => m.status === 'queued' || m.status === 'sending');
  const sentAt = messages.reduce<Date | null>((at, m) => (m.sentAt && (!at || m.sentAt > at) ? m.sentAt : at), null);
  return {
    contactId,
    nickname,
    status: failed ? 'failed' : waiting ? 'queued' : 'sent',
    reason: failed?.reason ?? waiting?.reason ?? null,
    heldForReplies: !failed && waiting?.status === 'queued' && waiting.reason === RESERVE_REASON,
    sentAt: failed || waiting ? null : (sentAt?.toISOString() ?? null),
  };
}

/** GET /message/batch/{id}: progress and per-recipient results of a batch in the caller's scope. */
export async function loadBatch(db: Db, auth: AuthContext, id: number): Promise<ChatSendBatch> {
  const batch = await found(db.select().from(chatSendBatches).where(eq(chatSendBatches.id, id)));
  assertInScope(auth, batch.customerId, batch.userId);
  const rows = await db
    .select({ message: chatMessages, nickname: contacts.nickname })
    .from(chatMessages)
    .leftJoin(contacts, eq(contacts.id, chatMessages.contactId))
    .where(eq(chatMessages.batchId, id))
    .orderBy(asc(chatMessages.id));
  const byContact = new Map<number, { nickname: string; messages: (typeof chatMessages.$inferSelect)[] }>();
  for (const { message, nickname } of rows) {
    const key = message.contactId ?? 0;
    const entry = byContact.get(key) ?? { nickname: nickname ?? message.peerWcId, messages: [] };
    entry.messages.push(message);
    byContact.set(key, entry);
  }
  const results = [...byContact].map(([contactId, e]) => resultOf(contactId, e.nickname, e.messages));
  return {
    batchId: batch.id,
    accountId: batch.accountId,
    type: batch.type as ChatSendBatch['type'],
    status: results.some((r) => r.status === 'queued') ? 'running' : 'completed',
    total: batch.total,
    sent: results.filter((r) => r.status === 'sent').length,
    failed: results.filter((r) => r.status === 'failed').length,
    results,
    createdAt: batch.createdAt.toISOString(),
  };
}
