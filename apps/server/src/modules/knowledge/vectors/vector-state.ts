import type { VectorState } from '@agent-console/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';

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
      select f.file_id, count(*) as total,
        count(v.id) filter (where octet_length(v.vector) > 0) as embedded,
        count(v.id) filter (where octet_length(v.vector) = 0) as refused
      from knowledge_fragments f
      left join knowledge_vectors v on v.fragment_id = f.id and v.model = ${model} and v.text_hash = f.embed_hash
      where f.file_id in (${ids})
      group by f.file_id
      union all
      select q.file_id, count(*) as total,
        count(v.id) filter (where octet_length(v.vector) > 0) as embedded,
        count(v.id) filter (where octet_length(v.vector) = 0) as refused
      from qa_records q
      left join knowledge_vectors v on v.qa_id = q.id and v.model = ${model} and v.text_hash = q.embed_hash
      where q.file_id in (${ids})
      group by q.file_id
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
