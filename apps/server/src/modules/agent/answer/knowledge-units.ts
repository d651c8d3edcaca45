import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { knowledgeFiles, knowledgeFragments, qaRecords } from '../../../db/schema';
import { fragmentSections } from './fragment-sections';
import type { KnowledgeUnit } from './knowledge-index';
import { liveDocument } from './knowledge-scope';

/** Every live QA and every passage of every enabled fragment of a completed, live document. */
export async function loadKnowledgeUnits(db: Db, customerId: number): Promise<KnowledgeUnit[]> {
  const qa = await db
    .select({
      id: qaRecords.id,
      fileId: qaRecords.fileId,
      fileName: knowledgeFiles.name,
      folderId: knowledgeFiles.folderId,
      question: qaRecords.question,
      answer: qaRecords.answer,
    })
    .from(qaRecords)
    .leftJoin(knowledgeFiles, eq(knowledgeFiles.id, qaRecords.fileId))
    .where(and(eq(qaRecords.customerId, customerId), or(isNull(qaRecords.fileId), liveDocument(null))))
    .orderBy(asc(qaRecords.id));
  const fragments = await db
    .select({
      id: knowledgeFragments.id,
      fileId: knowledgeFragments.fileId,
      fileName: knowledgeFiles.name,
      folderId: knowledgeFiles.folderId,
      heading: knowledgeFragments.heading,
      content: knowledgeFragments.content,
      enabled: knowledgeFragments.enabled,
    })
    .from(knowledgeFragments)
    .innerJoin(knowledgeFiles, eq(knowledgeFiles.id, knowledgeFragments.fileId))
    .where(
      and(
        eq(knowledgeFragments.customerId, customerId),
        eq(knowledgeFiles.processStatus, 'completed'),
        liveDocument(null),
      ),
    )
    .orderBy(asc(knowledgeFragments.fileId), asc(knowledgeFragments.seq));

  const units: KnowledgeUnit[] = qa.map((row) => ({
    kind: 'qa',
    id: row.id,
    fileId: row.fileId,
    fileName: row.fileName,
    folderId: row.folderId,
    title: row.question,
    text: row.answer,
  }));
  let previous: { fileId: number; content: string } | null = null;
  for (const row of fragments) {
    const before = previous?.fileId === row.fileId ? previous.content : null;
    previous = { fileId: row.fileId, content: row.content };
    if (!row.enabled) continue;
    for (const section of fragmentSections(row.content, row.heading, before)) {
      units.push({
        kind: 'fragment',
        id: row.id,
        fileId: row.fileId,
        fileName: row.fileName,
        folderId: row.folderId,
        title: section.heading,
        text: section.text,
      });
    }
  }
  return units;
}
