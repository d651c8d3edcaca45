import type { VectorState } from '@agent-console/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { fragmentHashesToJoin } from '../documents/document.repo';
import { qaHashesToJoin } from '../qa/qa.repo';

/**
 * One kind of text's part of the states (fragments or QA, as their owners give them): per
 * document, its texts, those whose vector of `model` was made from their current text, and those
 * the model refused.
 */
function vectorCounts(
  texts: typeof fragmentHashesToJoin | typeof qaHashesToJoin,
  vectorOf: 'fragment_id' | 'qa_id',
  model: string,
  ids: SQL,
): SQL {
  return sql`select ${texts.fileId} as file_id, count(*) as total,
        count(v.id) filter (where octet_length(v.vector) > 0) as embedded,
        count(v.id) filter (where octet_length(v.vector) = 0) as refused
      from ${texts}
      left join knowledge_vectors v on v.${sql.raw(vectorOf)} = ${texts.id} and v.model = ${model} and v.text_hash = ${texts.embedHash}
      where ${texts.fileId} in (${ids})
      group by ${texts.fileId}`;
}

/**
 * Where each document's texts stand with the current embedding model (issue 33): how many of its
 * fragments and QA have a vector made from their current text, how many the model refused, and
 * how many wait. A document with nothing to embed yet (still processing) has 0 of 0.
 */
export async function vectorStates(
  db: Db,
  model: string,
  fileIds: readonly number[],
): Promise<Map<number, VectorState>> {
  const states = new Map<number, VectorState>(fileIds.map((id) => [id, { embedded: 0, refused: 0, pending: 0 }]));
  if (!fileIds.length) return states;
  const ids = sql.join(
    fileIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await db.execute<{ file_id: number; total: number; embedded: number; refused: number }>(sql`
    select file_id, sum(total)::int as total, sum(embedded)::int as embedded, sum(refused)::int as refused
    from (
      ${vectorCounts(fragmentHashesToJoin, 'fragment_id', model, ids)}
      union all
      ${vectorCounts(qaHashesToJoin, 'qa_id', model, ids)}
    ) parts
    group by file_id
  `);
  for (const row of result.rows) {
    const embedded = Number(row.embedded);
    const refused = Number(row.refused);
    states.set(Number(row.file_id), { embedded, refused, pending: Number(row.total) - embedded - refused });
  }
  return states;
}
