import type { VectorState } from '@agent-console/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';

/**
 * One kind of text's part of the states (fragments or QA, read as `t`): per document, its texts,
 * those whose vector of `model` was made from their current text, and those the model refused.
 */
function vectorCounts(
  texts: 'knowledge_fragments' | 'qa_records',
  vectorOf: 'fragment_id' | 'qa_id',
  model: string,
  ids: SQL,
): SQL {
  return sql`select t.file_id, count(*) as total,
        count(v.id) filter (where octet_length(v.vector) > 0) as embedded,
        count(v.id) filter (where octet_length(v.vector) = 0) as refused
      from ${sql.raw(texts)} t
      left join knowledge_vectors v on v.${sql.raw(vectorOf)} = t.id and v.model = ${model} and v.text_hash = t.embed_hash
      where t.file_id in (${ids})
      group by t.file_id`;
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
      ${vectorCounts('knowledge_fragments', 'fragment_id', model, ids)}
      union all
      ${vectorCounts('qa_records', 'qa_id', model, ids)}
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
