import type { KnowledgeFragment, PageResult } from '@agent-console/contracts';
import { and, asc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { containsPattern } from '../../../db/like';
import { knowledgeFragments } from '../../../db/schema';
import { found } from '../../../http/found';
import { countOf, pageOf } from '../../../http/paging';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';
import { countTokens } from './chunker';
import { type FileRow, loadFile } from './knowledge-files';
import { keywordWords } from './search-text';

/**
 * The document viewer (issue 32): a document's fragments as the agent reads them, and the two
 * corrections a person may make to one. Fragments carry no owner of their own, so every call goes
 * through the document's scope; a binned document is treated as gone, as its other calls do.
 */

type FragmentRow = typeof knowledgeFragments.$inferSelect;

const columns = {
  id: knowledgeFragments.id,
  fileId: knowledgeFragments.fileId,
  seq: knowledgeFragments.seq,
  heading: knowledgeFragments.heading,
  content: knowledgeFragments.content,
  tokens: knowledgeFragments.tokens,
  enabled: knowledgeFragments.enabled,
  updatedAt: knowledgeFragments.updatedAt,
};

function toFragment(row: Pick<FragmentRow, keyof typeof columns>): KnowledgeFragment {
  return { ...row, updatedAt: row.updatedAt.toISOString() };
}

async function liveFile(db: Db, auth: AuthContext, fileId: number): Promise<FileRow> {
  const file = await loadFile(db, auth, fileId);
  if (file.deletedAt) throw AppError.notFound();
  return file;
}

/**
 * Fragments of one document in reading order. The keyword matches a fragment holding each of its
 * words anywhere in its heading or text, as a viewer's find does: within one document (at most
 * some 10,000 fragments) this needs no search index, so fragments are written without one
 * (issue 38: their search vectors were a third of a 10 MB document's processing).
 */
export async function fragmentPage(
  db: Db,
  auth: AuthContext,
  fileId: number,
  query: { pageNum: number; pageSize: number; keyword?: string | undefined },
): Promise<PageResult<KnowledgeFragment>> {
  await liveFile(db, auth, fileId);
  const where: (SQL | undefined)[] = [eq(knowledgeFragments.fileId, fileId)];
  const keyword = query.keyword?.trim();
  if (keyword) {
    // Every word of the keyword (as the agent segments it, so Chinese works), each found in the
    // heading or the text; a keyword of no words (punctuation) as it was typed.
    const words = keywordWords(keyword);
    const text = sql`coalesce(${knowledgeFragments.heading}, '') || ' ' || ${knowledgeFragments.content}`;
    where.push(and(...(words.length ? words : [keyword]).map((w) => ilike(text, containsPattern(w)))));
  }
  const condition = and(...where);
  return pageOf(query, {
    rows: db
      .select(columns)
      .from(knowledgeFragments)
      .where(condition)
      .orderBy(asc(knowledgeFragments.seq), asc(knowledgeFragments.id)),
    count: countOf(db, knowledgeFragments, condition),
    toDto: toFragment,
  });
}

/**
 * New text and/or on/off for one fragment. New text gets its token count again in the same
 * statement; the database trigger on the table moves the customer's knowledge revision, which is
 * what makes the agent's index pick the change up on its next answer.
 */
export async function updateFragment(
  db: Db,
  auth: AuthContext,
  id: number,
  body: { content?: string | undefined; enabled?: boolean | undefined },
): Promise<KnowledgeFragment> {
  const fragment = await found(
    db.select({ fileId: knowledgeFragments.fileId }).from(knowledgeFragments).where(eq(knowledgeFragments.id, id)),
  );
  await liveFile(db, auth, fragment.fileId);
  const [row] = await db
    .update(knowledgeFragments)
    .set({
      ...(body.content !== undefined
        ? {
            content: body.content,
            tokens: countTokens(body.content),
          }
        : {}),
      ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(knowledgeFragments.id, id))
    .returning(columns);
  if (!row) throw AppError.notFound();
  return toFragment(row);
}
