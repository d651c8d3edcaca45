import { App, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Asks before deleting, naming what goes; resolves after the delete (or at once when cancelled),
 * so batch buttons can clear their selection.
 */
export function useConfirmDelete() {
  const { modal, message } = App.useApp();
  const { t } = useTranslation('crud');
  return (names: string[], remove: () => Promise<unknown>): Promise<void> =>
    new Promise((resolve) => {
      modal.confirm({
        title: t('confirmDeleteTitle'),
        content: t('confirmDelete', { names: names.join(', '), count: names.length }),
        okText: t('delete'),
        cancelText: t('cancel'),
        okButtonProps: { danger: true, 'data-testid': 'crud-confirm-delete' } as ButtonProps,
        onOk: async () => {
          try {
            await remove();
            message.success(t('deleted'));
          } catch {
            // The API client has already shown the server's message.
          } finally {
            resolve();
          }
        },
        onCancel: () => resolve(),
      });
    });
}
