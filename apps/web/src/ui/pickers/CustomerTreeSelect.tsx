import type { DeptNode } from '@agent-console/contracts';
import { TreeSelect, type TreeSelectProps } from 'antd';
import { useDeptTree } from '../../platform/resources/system-dept';

interface Option {
  value: number;
  title: string;
  disabled?: boolean;
  children: Option[];
}

function toOptions(nodes: DeptNode[], disabledIds: Set<number>, parentDisabled = false): Option[] {
  return nodes.map((n) => {
    const disabled = parentDisabled || disabledIds.has(n.id);
    return { value: n.id, title: n.name, disabled, children: toOptions(n.children, disabledIds, disabled) };
  });
}

type Props = Omit<TreeSelectProps<number>, 'treeData'> & {
  /** Customers (with their subtrees) that cannot be picked, e.g. the one being moved. */
  excludeIds?: number[];
};

/** Picks a customer from the tree the caller may see. */
export function CustomerTreeSelect({ excludeIds = [], ...props }: Props) {
  const tree = useDeptTree();
  return (
    <TreeSelect<number>
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      allowClear
      loading={tree.isLoading}
      treeData={toOptions(tree.data ?? [], new Set(excludeIds))}
      {...props}
    />
  );
}
