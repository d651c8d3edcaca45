import { useState } from 'react';

/**
 * Which record a screen's create/edit dialog shows: `props` go to the dialog, `create` and
 * `edit(row)` open it.
 */
export function useEditDialog<T>() {
  const [state, setState] = useState<{ open: boolean; editing: T | null }>({ open: false, editing: null });
  return {
    props: { ...state, onClose: () => setState({ open: false, editing: null }) },
    create: () => setState({ open: true, editing: null }),
    edit: (row: T) => setState({ open: true, editing: row }),
  };
}
