import { Drawer } from 'antd';
import type { ReactNode } from 'react';
import { ListLocationContext } from './use-list-state';

interface Props {
  open: boolean;
  title: ReactNode;
  onClose(): void;
  testId: string;
  /** Mounted only while open, so each opening starts on page 1 with no filters. */
  children: ReactNode;
}

/**
 * A list shown over its screen (a type's entries, a job's runs). Lists inside keep their state in
 * memory: the URL query belongs to the screen behind.
 */
export function ListDrawer({ open, title, onClose, testId, children }: Props) {
  return (
    <Drawer open={open} onClose={onClose} size="large" title={title} destroyOnHidden data-testid={testId}>
      <ListLocationContext.Provider value={false}>{children}</ListLocationContext.Provider>
    </Drawer>
  );
}
