/**
 * Nests flat rows by parentId. A row whose parent is not in the list (outside the caller's
 * scope, or the root) becomes a root, so a scoped caller still gets a well-formed tree.
 */
export function buildTree<T extends { id: number; parentId: number | null }>(rows: T[]): (T & { children: never[] })[] {
  type Node = T & { children: Node[] };
  const nodes = new Map<number, Node>();
  for (const row of rows) nodes.set(row.id, { ...row, children: [] });
  const roots: Node[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots as (T & { children: never[] })[];
}
