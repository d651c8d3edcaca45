import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from './client';

/**
 * The namespaces (first key) of the product's advisory locks, transaction-scoped here and held
 * for a session in db/session-locks.ts, in one place so that two features never serialise on
 * each other's keys by accident.
 */
export const LOCK_NAMESPACE = {
  /** One customer's storage quota check and the object it admits (modules/system/oss). */
  storageQuota: 0x51554f54,
  /**
   * One conversation (an account and one peer): the message log's duplicate check with the insert
   * it decides, and the metrics roll-ups of the conversation's messages.
   */
  conversation: 15_001,
  /** Session lock: one instance at a time migrates and seeds (key 0). */
  startup: 15_002,
  /** Session lock: the instance that serves an app (key: the app's id). */
  appOwner: 15_003,
  /** Session lock: one pg-boss queue created at a time across instances (key 0; jobs/boss.ts). */
  queueSetup: 15_004,
  /** Session lock: the instance that writes the knowledge's vectors (key 0; modules/knowledge/vectors). */
  embedding: 15_005,
} as const;

/**
 * Holds the advisory lock of `key` in `namespace` until the transaction ends. A string key is
 * hashed (`hashtext`), so rare collisions only make two unrelated writers wait for each other.
 */
export async function lockForTransaction(tx: Executor, namespace: LockNamespace, key: string | number): Promise<void> {
  await tx.execute(sql`select ${transactionLock(namespace, key)}`);
}

export type LockNamespace = (typeof LOCK_NAMESPACE)[keyof typeof LOCK_NAMESPACE];

/**
 * The lock as an expression, for a hot path that takes it in the same statement as a read: the
 * read's snapshot predates the lock, so it may only read rows the lock does not guard; the
 * statements after it see everything the previous holder committed.
 */
export function transactionLock(namespace: LockNamespace, key: string | number): SQL {
  const second = typeof key === 'number' ? sql`${key}` : sql`hashtext(${key})`;
  return sql`pg_advisory_xact_lock(${namespace}, ${second})`;
}
