import { useEffect } from 'react';

/** Whether a key press happened while typing, where `s` must stay a letter. */
function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el) return false;
  return (
    el.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) ||
    el.getAttribute('role') === 'combobox'
  );
}

/** Opens the search panel on `s` (not while typing, no modifiers). */
export function useSearchHotkey(open: () => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 's' || e.ctrlKey || e.metaKey || e.altKey || e.repeat || isTyping(e.target)) return;
      if (document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-modal')) return;
      e.preventDefault();
      open();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
}
