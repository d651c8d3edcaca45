import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainButton } from '../../ui/plain/PlainButton';
import { AgreementDialog } from './AgreementDialog';

interface Props {
  checked: boolean;
  onChange(checked: boolean): void;
  error: string | undefined;
}

/** The terms checkbox with a link that opens the terms; accepting there ticks the box. */
export function AgreementField({ checked, onChange, error }: Props) {
  const { t } = useTranslation('login');
  const [open, setOpen] = useState(false);
  return (
    <div className={error ? 'auth-field auth-agreement has-error' : 'auth-field auth-agreement'}>
      <label className="auth-checkbox">
        <input
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          data-testid="agreement"
          aria-invalid={!!error || undefined}
          aria-describedby={error ? 'agreement-error' : undefined}
        />
        <span>
          {t('agreement.prefix')}{' '}
          <PlainButton
            variant="link"
            onClick={(e) => {
              e.preventDefault();
              setOpen(true);
            }}
          >
            {t('agreement.link')}
          </PlainButton>
        </span>
      </label>
      {error && (
        <div className="auth-field-error" id="agreement-error" role="alert">
          {error}
        </div>
      )}
      <AgreementDialog
        open={open}
        onClose={() => setOpen(false)}
        onAccept={() => {
          onChange(true);
          setOpen(false);
        }}
      />
    </div>
  );
}
