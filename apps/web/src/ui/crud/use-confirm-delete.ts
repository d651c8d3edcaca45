import { createElement, Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../platform/api/feedback';
import { useConfirm } from './use-confirm';

/**
 * Asks before deleting, naming what goes (and, given a `note`, what else the screen wants said);
 * resolves after the delete (or at once when cancelled), so batch buttons can clear their selection.
 */
export function useConfirmDelete() {
  const { t } = useTranslation('crud');
  const confirm = useConfirm();
  return async (names: string[], remove: () => Promise<unknown>, note?: ReactNode): Promise<void> => {
    const text = t('confirmDelete', { names: names.join(', '), count: names.length });
    const deleted = await confirm({
      title: t('confirmDeleteTitle'),
      content: note ? createElement(Fragment, null, createElement('p', null, text), note) : text,
      okText: t('delete'),
      cancelText: t('cancel'),
      okTestId: 'crud-confirm-delete',
      run: remove,
    });
    if (deleted) feedback.success(t('deleted'));
  };
}
