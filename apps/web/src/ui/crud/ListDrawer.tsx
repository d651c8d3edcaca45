import { Drawer } from 'antd';
import type { ReactNode } from 'react';
import { ListLocationContext } from './use-list-state';

interface Props<Row> {
  /** The row whose list is shown (a type, a job); null: the drawer is closed. */
  of: Row | null;
  title(row: Row): ReactNode;
  onClose(): void;
  testId: string;
  /** The row's list, mounted only while open, so each opening starts on page 1 with no filters. */
  children(row: Row): ReactNode;
}

/**
 * The list of one row shown over its screen (a type's entries, a job's runs). Lists inside keep
 * their state in memory: the URL query belongs to the screen behind.
 */
export function ListDrawer<Row>({ of, title, onClose, testId, children }: Props<Row>) {
  return (
    <Drawer
      open={of !== null}
      onClose={onClose}
      size="large"
      title={of === null ? '' : title(of)}
      destroyOnHidden
      data-testid={testId}
    >
      <ListLocationContext.Provider value={false}>{of !== null && children(of)}</ListLocationContext.Provider>
    </Drawer>
  );
}
