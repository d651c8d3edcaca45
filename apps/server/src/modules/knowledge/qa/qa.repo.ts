import { and, asc, eq, isNotNull, isNull, or } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { qaRecords } from '../../../db/schema';
import { liveDocumentsToJoin } from '../documents/document.repo';

/** Other features read and write this feature's tables through these functions, never through the tables (issue 35). */

/**
 * Every QA of the customer the agent may answer from: one filed under no document or under a live
 * one, with that document's name and folder, by id. One query (a join of the documents).
 */
export function liveQaOfCustomer(
  exec: Executor,
  customerId: number,
): Promise<
  {
    id: number;
    fileId: number | null;
    fileName: string | null;
    folderId: number | null;
    question: string;
    answer: string;
  }[]
> {
  const live = liveDocumentsToJoin;
  return exec
    .select({
      id: qaRecords.id,
      fileId: qaRecords.fileId,
      fileName: live.name,
      folderId: live.folderId,
      question: qaRecords.question,
      answer: qaRecords.answer,
    })
    .from(qaRecords)
    .leftJoin(live, eq(live.id, qaRecords.fileId))
    .where(and(eq(qaRecords.customerId, customerId), or(isNull(qaRecords.fileId), isNotNull(live.id))))
    .orderBy(asc(qaRecords.id));
}
