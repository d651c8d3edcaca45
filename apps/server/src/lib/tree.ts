export type TreeNode<T> = T & { children: TreeNode<T>[] };

/**
 * Nests flat rows by parentId, keeping the rows' order among siblings. A row whose parent is not
 * in the list (outside the caller's scope, or the root) becomes a root, so a scoped caller still
 * gets a well-formed tree.
 */
export function buildTree<T extends { id: number; parentId: number | null }>(rows: T[]): TreeNode<T>[] {
  const nodes = new Map<number, TreeNode<T>>();
  for (const row of rows) nodes.set(row.id, { ...row, children: [] });
  const roots: TreeNode<T>[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}
