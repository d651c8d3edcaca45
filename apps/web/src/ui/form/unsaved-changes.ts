import { App, type ButtonProps } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/**
 * Pages with unsaved changes, by the full path of their tab. Pages stay mounted while their tab is
 * open (PageHost), so switching tabs loses nothing; what loses changes is closing or refreshing the
 * tab (the tab actions ask first, see app/shell/useTabActions.ts) and reloading or leaving the browser
 * page (the browser asks, through `beforeunload`). A page asks by itself before replacing its own
 * content, e.g. when another customer or app is picked.
 */
const unsaved = new Map<string, number>();

/** Declares that this page (its tab) has unsaved changes while `dirty` is true. */
export function useUnsavedChanges(dirty: boolean): void {
  const location = useLocation();
  const fullPath = `${location.pathname}${location.search}`;
  useEffect(() => {
    if (!dirty) return;
    unsaved.set(fullPath, (unsaved.get(fullPath) ?? 0) + 1);
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need a return value to ask at all; they show their own words.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => {
      window.removeEventListener('beforeunload', ask);
      const left = (unsaved.get(fullPath) ?? 1) - 1;
      if (left > 0) unsaved.set(fullPath, left);
      else unsaved.delete(fullPath);
    };
  }, [dirty, fullPath]);
}

/** Which of these tabs hold unsaved changes. */
export function withUnsavedChanges(fullPaths: readonly string[]): string[] {
  return fullPaths.filter((path) => unsaved.has(path));
}

/**
 * Asks before the page replaces unsaved changes by itself (another customer or app picked):
 * resolves true at once when nothing is unsaved, else once the user agrees to discard.
 */
export function useConfirmDiscard(dirty: boolean): () => Promise<boolean> {
  const { modal } = App.useApp();
  const { t } = useTranslation('common');
  return () =>
    dirty
      ? new Promise((resolve) => {
          modal.confirm({
            title: t('unsaved.title'),
            content: t('unsaved.page'),
            okText: t('unsaved.discard'),
            cancelText: t('unsaved.keep'),
            okButtonProps: { danger: true, 'data-testid': 'unsaved-discard' } as ButtonProps,
            onOk: () => resolve(true),
            onCancel: () => resolve(false),
          });
        })
      : Promise.resolve(true);
}
