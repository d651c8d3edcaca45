import { Card, Spin, Tree } from 'antd';
import type { ReactNode } from 'react';

interface Node<N> {
  id: number;
  children: N[];
}

interface Item {
  key: number;
  title: string;
  selectable?: boolean;
  children: Item[];
}

interface Props<N extends Node<N>> {
  title: ReactNode;
  testId: string;
  /** The tree; undefined while it loads. */
  nodes: N[] | undefined;
  loading: boolean;
  label(node: N): string;
  /** Nodes that may be picked (pages, not the directories grouping them); all by default. */
  selectable?(node: N): boolean;
  /** The node picked: its id among the list's filters. */
  selected: number | undefined;
  onSelect(id: number | undefined): void;
}

/**
 * The tree beside a list (`crud-split`), fully expanded, that narrows the list to the node picked
 * (a customer and its subtree, a page's buttons); picking it again lets go.
 */
export function ListTree<N extends Node<N>>({
  title,
  testId,
  nodes,
  loading,
  label,
  selectable,
  selected,
  onSelect,
}: Props<N>) {
  const items = (of: N[]): Item[] =>
    of.map((n) => ({
      key: n.id,
      title: label(n),
      ...(selectable ? { selectable: selectable(n) } : {}),
      children: items(n.children),
    }));
  return (
    <Card size="small" title={title} data-testid={testId}>
      {loading ? (
        <Spin />
      ) : (
        <Tree<Item>
          blockNode
          defaultExpandAll
          treeData={items(nodes ?? [])}
          selectedKeys={selected ? [selected] : []}
          onSelect={(keys) => onSelect(keys[0] === undefined ? undefined : Number(keys[0]))}
        />
      )}
    </Card>
  );
}
