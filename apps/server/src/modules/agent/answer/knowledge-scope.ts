import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { knowledgeFiles, knowledgeFolders } from '../../../db/schema';

/**
 * Which documents an app answers from (WAVE2 §15.2): every live document of its customer, or,
 * when the app's `knowledgeFolders` item names folders, those folders and every folder below
 * them. Folder ids of another customer select nothing, since the tree read is the customer's.
 */
export async function folderSubtree(db: Db, customerId: number, roots: readonly number[]): Promise<number[]> {
  if (!roots.length) return [];
  const rows = await db
    .select({ id: knowledgeFolders.id, parentId: knowledgeFolders.parentId })
    .from(knowledgeFolders)
    .where(eq(knowledgeFolders.customerId, customerId));
  const children = new Map<number, number[]>();
  for (const row of rows) {
    if (row.parentId === null) continue;
    children.set(row.parentId, [...(children.get(row.parentId) ?? []), row.id]);
  }
  const known = new Set(rows.map((row) => row.id));
  const found = new Set<number>();
  const queue = roots.filter((id) => known.has(id));
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (found.has(id)) continue;
    found.add(id);
    queue.push(...(children.get(id) ?? []));
  }
  return [...found];
}

/** A document the app may read: enabled and not in the recycle bin (and in its folders, if set). */
export function liveDocument(folders: readonly number[] | null): SQL | undefined {
  return and(
    eq(knowledgeFiles.enabled, true),
    isNull(knowledgeFiles.deletedAt),
    folders ? folderIn(folders) : undefined,
  );
}

/** Documents in one of the folders; none when the app's folders exist no more. */
function folderIn(folders: readonly number[]): SQL {
  return folders.length ? inArray(knowledgeFiles.folderId, [...folders]) : sql`false`;
}
