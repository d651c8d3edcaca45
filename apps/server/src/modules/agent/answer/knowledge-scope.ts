import type { Db } from '../../../db/client';
import { foldersOfCustomer } from '../../knowledge/documents/document.repo';

/**
 * Which documents an app answers from (WAVE2 §15.2): every live document of its customer, or,
 * when the app's `knowledgeFolders` item names folders, those folders and every folder below
 * them. Folder ids of another customer select nothing, since the tree read is the customer's.
 */
export async function folderSubtree(db: Db, customerId: number, roots: readonly number[]): Promise<number[]> {
  if (!roots.length) return [];
  const rows = await foldersOfCustomer(db, customerId);
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
