import { Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../platform/api/feedback';
import { useCan } from './use-can';

interface Props {
  checked: boolean;
  /** The permission code switching needs; without it the switch only shows the state. */
  permission?: string;
  disabled?: boolean;
  /** Saves the new state; the switch spins until it settles, and the list shows the saved state. */
  onChange(next: boolean): Promise<unknown>;
  testId?: string;
}

/** An enabled/disabled column that switches the row at once, and says so as a dialog's save does. */
export function StatusSwitch({ checked, permission, disabled, onChange, testId }: Props) {
  const { t } = useTranslation('crud');
  const can = useCan();
  const [busy, setBusy] = useState(false);
  const change = async (next: boolean) => {
    setBusy(true);
    try {
      await onChange(next);
      feedback.success(t(next ? 'switchedOn' : 'switchedOff'));
    } catch {
      // The API client has shown the server's reason; the list still shows the saved state.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Switch
      size="small"
      checked={checked}
      disabled={disabled || (!!permission && !can(permission))}
      loading={busy}
      onChange={change}
      data-testid={testId}
    />
  );
}
