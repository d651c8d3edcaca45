import type { DeptNode } from '@agent-console/contracts';
import { useDeptTree } from '../../platform/resources/system-dept';
import { useSessionStore } from '../../platform/stores/session-store';

const countOf = (nodes: readonly DeptNode[]): number => nodes.reduce((n, c) => n + 1 + countOf(c.children), 0);

/**
 * The customers of the caller's data scope: more than one (a screen offers to pick, or to add
 * them up) or only one (that customer, with nothing to pick).
 */
export function useCustomerReach() {
  const tree = useDeptTree();
  const nodes = tree.data ?? [];
  const count = countOf(nodes);
  return { loading: tree.isLoading, many: count > 1, only: count === 1 ? nodes[0]?.id : undefined };
}

/** The signed-in person's own customer. */
export function useOwnCustomerId(): number | undefined {
  return useSessionStore((s) => s.user?.customer.id);
}
