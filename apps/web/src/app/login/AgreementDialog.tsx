import { CloseOutlined } from '@ant-design/icons';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainButton } from '../../ui/plain/PlainButton';

interface Props {
  open: boolean;
  onAccept(): void;
  onClose(): void;
}

/**
 * The terms in a modal dialog drawn like antd's `Modal`: the browser's own `<dialog>` gives the
 * focus trap, Escape and the backdrop; a click on the backdrop closes it, as antd's mask does.
 */
export function AgreementDialog({ open, onAccept, onClose }: Props) {
  const { t } = useTranslation('login');
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop is for pointers; keyboards close with Escape (native)
    <dialog
      ref={dialog}
      className="auth-dialog"
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(e) => {
        // Only the backdrop: the dialog's own box fills the content, so a click there has a child target.
        if (e.target === e.currentTarget) onClose();
      }}
    >
      {open && (
        <div className="auth-dialog-box">
          <button type="button" className="auth-dialog-close" aria-label={t('common:actions.close')} onClick={onClose}>
            <CloseOutlined />
          </button>
          <h2 className="auth-dialog-title" id={titleId}>
            {t('agreement.title')}
          </h2>
          <div className="auth-dialog-body">
            {(['p1', 'p2', 'p3', 'p4'] as const).map((key) => (
              <p key={key}>{t(`agreement.${key}`)}</p>
            ))}
          </div>
          <div className="auth-dialog-footer">
            <PlainButton onClick={onClose}>{t('common:actions.close')}</PlainButton>
            <PlainButton variant="primary" onClick={onAccept}>
              {t('agreement.accept')}
            </PlainButton>
          </div>
        </div>
      )}
    </dialog>
  );
}
