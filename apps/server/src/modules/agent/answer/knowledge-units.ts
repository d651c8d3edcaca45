import type { Db } from '../../../db/client';
import { liveFragmentsOfCustomer } from '../../knowledge/documents/document.repo';
import { liveQaOfCustomer } from '../../knowledge/qa/qa.repo';
import { fragmentSections } from './fragment-sections';
import type { KnowledgeUnit } from './knowledge-index';

/** Every live QA and every passage of every enabled fragment of a completed, live document. */
export async function loadKnowledgeUnits(db: Db, customerId: number): Promise<KnowledgeUnit[]> {
  const qa = await liveQaOfCustomer(db, customerId);
  const fragments = await liveFragmentsOfCustomer(db, customerId);

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
