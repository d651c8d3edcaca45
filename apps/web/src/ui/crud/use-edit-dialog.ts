import { useState } from 'react';

/** The props of a screen's create/edit dialog: `editing` is the record shown, null for a new one. */
export interface EditDialogProps<T> {
  open: boolean;
  editing: T | null;
  onClose(): void;
}

/**
 * Which record a screen's create/edit dialog shows: `props` go to the dialog, `create` and
 * `edit(row)` open it.
 */
export function useEditDialog<T>() {
  const [state, setState] = useState<{ open: boolean; editing: T | null }>({ open: false, editing: null });
  const props: EditDialogProps<T> = { ...state, onClose: () => setState({ open: false, editing: null }) };
  return {
    props,
    create: () => setState({ open: true, editing: null }),
    edit: (row: T) => setState({ open: true, editing: row }),
  };
}
