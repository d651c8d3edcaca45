import type { PageResult, QaPage, QaRecord, QaSaveInput } from '@agent-console/contracts';
import { and, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { containsPattern } from '../../../db/like';
import { qaRecords } from '../../../db/schema';
import { assertInScope, scopeCondition } from '../../../http/data-scope';
import { found } from '../../../http/found';
import { sortedPage } from '../../../http/paging';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';
import { knowledgeFilesToJoin as files, liveFilesInScope } from '../documents/document.repo';
import { assertKnowledgeCustomer, createManualSource, loadLiveFile } from '../documents/knowledge-files';
import { keywordQuery, questionKey } from '../documents/search-text';
import { qaSearchVector, refreshQaCount } from './qa-store';

type PageInput = QaPage;

const selection = {
  id: qaRecords.id,
  customerId: qaRecords.customerId,
  fileId: qaRecords.fileId,
  fileName: files.name,
  fileEnabled: files.enabled,
  question: qaRecords.question,
  answer: qaRecords.answer,
  tags: qaRecords.tags,
  origin: qaRecords.origin,
  createdAt: qaRecords.createdAt,
  updatedAt: qaRecords.updatedAt,
};

/** Conditions shared by the page and the export: scope, live source, customer, source filter, keyword. */
export function qaFilter(
  auth: AuthContext,
  query: { customerId?: number | undefined; keyword?: string | undefined; fileId?: number | undefined },
) {
  const where: (SQL | undefined)[] = [
    scopeCondition(auth, qaRecords.customerId, qaRecords.ownerUserId),
    isNull(files.deletedAt),
  ];
  if (query.customerId) where.push(eq(qaRecords.customerId, query.customerId));
  if (query.fileId) where.push(eq(qaRecords.fileId, query.fileId));
  let rank: SQL | null = null;
  const keyword = query.keyword?.trim();
  if (keyword) {
    const tsq = keywordQuery(keyword);
    const like = containsPattern(keyword);
    // Words (by prefix) anywhere in the question, answer or tags; a substring in the question only,
    // which is what its trigram index serves (docs/decisions.md "Keyword search of QA answers").
    const textMatch = ilike(qaRecords.question, like);
    where.push(tsq ? or(sql`${qaRecords.searchVector} @@ ${tsq}::tsquery`, textMatch) : textMatch);
    // Full-text rank, plus a bonus for a literal substring in the question, plus trigram closeness.
    rank = sql`(${tsq ? sql`ts_rank(${qaRecords.searchVector}, ${tsq}::tsquery)` : sql`0`}
      + case when ${qaRecords.question} ilike ${like} then 1 else 0 end
      + similarity(${qaRecords.question}, ${keyword}))`;
  }
  return { where: and(...where), rank };
}

export async function qaPage(db: Db, auth: AuthContext, query: PageInput): Promise<PageResult<QaRecord>> {
  const { where, rank } = qaFilter(auth, query);
  const fallback = [desc(qaRecords.updatedAt), desc(qaRecords.id)];
  return sortedPage(db, query, {
    select: db.select(selection).from(qaRecords).leftJoin(files, eq(files.id, qaRecords.fileId)),
    where,
    count: db.select({ n: count() }).from(qaRecords).leftJoin(files, eq(files.id, qaRecords.fileId)).where(where),
    sortable: { createdAt: qaRecords.createdAt, updatedAt: qaRecords.updatedAt, question: qaRecords.question },
    fallback: rank && !query.orderBy ? [desc(rank), ...fallback] : fallback,
    toDto: toQa,
  });
}

export function toQa(row: {
  id: number;
  customerId: number;
  fileId: number | null;
  fileName: string | null;
  fileEnabled: boolean | null;
  question: string;
  answer: string;
  tags: string;
  origin: string;
  createdAt: Date;
  updatedAt: Date;
}): QaRecord {
  return {
    ...row,
    // A QA without a document ("Manual") is never held back by one.
    fileEnabled: row.fileEnabled ?? true,
    origin: row.origin as QaRecord['origin'],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Normalises comma-separated tags (both comma widths), dropping empties and repeats. */
export function normaliseTags(tags: string | undefined): string {
  if (!tags) return '';
  return [
    ...new Set(
      tags
        .split(/[,，]/)
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ].join(',');
}

/**
 * Add or edit; the QA is searchable as soon as this returns (the vector is written in the same
 * row). Without `fileId` or `newFileName` the QA has no source document: "Manual", unique per
 * customer by its question as QA of one document are.
 */
export async function qaSave(db: Db, auth: AuthContext, body: QaSaveInput): Promise<QaRecord> {
  if (body.customerId !== undefined) await assertKnowledgeCustomer(db, auth, body.customerId);
  const old = body.id ? await loadQaInScope(db, auth, body.id) : undefined;
  // Where the QA lives: an edited one stays with its customer, a new one goes where it is asked to.
  const home = old?.customerId ?? body.customerId;
  if (old && body.customerId !== undefined && body.customerId !== old.customerId) {
    throw AppError.field('A0400', 'customerId', 'movesCustomer');
  }
  const source = body.fileId
    ? await loadLiveFile(db, auth, body.fileId, 'fileId')
    : body.newFileName !== undefined
      ? await createManualSource(db, auth, home ?? auth.customerId, body.newFileName)
      : null;
  // A source of another customer would file the QA under a document its agents never read.
  if (source && home !== undefined && source.customerId !== home) {
    throw AppError.field('A0400', 'fileId', 'otherCustomer');
  }
  const question = body.question.trim();
  const answer = body.answer.trim();
  const tags = normaliseTags(body.tags);
  const values = {
    fileId: source?.id ?? null,
    question,
    answer,
    tags,
    questionKey: questionKey(question),
    searchVector: qaSearchVector(question, answer, tags),
    updatedAt: new Date(),
  };
  const customerId = home ?? source?.customerId ?? auth.customerId;
  const id = await db.transaction(async (tx) => {
    const [clash] = await tx
      .select({ id: qaRecords.id })
      .from(qaRecords)
      .where(
        and(
          source
            ? eq(qaRecords.fileId, source.id)
            : and(isNull(qaRecords.fileId), eq(qaRecords.customerId, customerId)),
          eq(qaRecords.questionKey, values.questionKey),
        ),
      );
    if (clash && clash.id !== body.id) throw AppError.field('A0111', 'question', 'taken');
    if (old) {
      await tx.update(qaRecords).set(values).where(eq(qaRecords.id, old.id));
      if (old.fileId !== null && old.fileId !== values.fileId) await refreshQaCount(tx, old.fileId);
      if (source) await refreshQaCount(tx, source.id);
      return old.id;
    }
    const [row] = await tx
      .insert(qaRecords)
      .values({ ...values, customerId, ownerUserId: auth.userId, origin: 'manual' })
      .returning({ id: qaRecords.id });
    if (source) await refreshQaCount(tx, source.id);
    return row?.id ?? 0;
  });
  const row = await found(
    db.select(selection).from(qaRecords).leftJoin(files, eq(files.id, qaRecords.fileId)).where(eq(qaRecords.id, id)),
  );
  return toQa(row);
}

/** Deletes QA by id; ids outside the caller's scope count as not found and nothing is deleted. */
export async function qaDelete(db: Db, auth: AuthContext, ids: number[]): Promise<{ affected: number }> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: qaRecords.id,
        customerId: qaRecords.customerId,
        owner: qaRecords.ownerUserId,
        fileId: qaRecords.fileId,
      })
      .from(qaRecords)
      .where(inArray(qaRecords.id, ids));
    if (rows.length !== new Set(ids).size) throw AppError.notFound();
    for (const r of rows) assertInScope(auth, r.customerId, r.owner);
    await tx.delete(qaRecords).where(inArray(qaRecords.id, ids));
    for (const fileId of new Set(rows.map((r) => r.fileId))) if (fileId !== null) await refreshQaCount(tx, fileId);
    return { affected: rows.length };
  });
}

/** The sources a QA may be filed under: live documents in the caller's scope (of one customer when given), by name. */
export async function qaSources(db: Db, auth: AuthContext, customerId?: number) {
  return liveFilesInScope(db, auth, customerId);
}

async function loadQaInScope(db: Db, auth: AuthContext, id: number) {
  const [row] = await db
    .select({
      id: qaRecords.id,
      customerId: qaRecords.customerId,
      ownerUserId: qaRecords.ownerUserId,
      fileId: qaRecords.fileId,
    })
    .from(qaRecords)
    .where(eq(qaRecords.id, id));
  if (!row) throw AppError.notFound();
  assertInScope(auth, row.customerId, row.ownerUserId);
  return row;
}
