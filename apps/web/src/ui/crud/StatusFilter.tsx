import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectFilter } from './SelectFilter';

interface Props {
  /** The filter's field; `enabled` in every list so far. */
  name?: string;
  /** How the screen calls the off state, when not "Disabled" (a paused job). */
  offLabel?: ReactNode;
  /** Without a label, the status is the placeholder. */
  label?: boolean;
  testId?: string;
}

/** The Status field of a search form: enabled, disabled or either. */
export function StatusFilter({ name = 'enabled', offLabel, label = true, testId }: Props) {
  const { t } = useTranslation('crud');
  return (
    <SelectFilter
      name={name}
      {...(label ? { label: t('status') } : { placeholder: t('status') })}
      options={[
        { value: true, label: t('enabled') },
        { value: false, label: offLabel ?? t('disabled') },
      ]}
      {...(testId ? { testId } : {})}
    />
  );
}
