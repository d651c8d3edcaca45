import { Alert, Form, type FormProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../platform/api/feedback';

interface Props<V> extends Omit<FormProps<V>, 'layout' | 'className' | 'onFinishFailed' | 'children'> {
  testId: string;
  /** What the last save's failure said, shown on top (its field errors stand under the fields). */
  error: string | null;
  errorTestId: string;
  children: ReactNode;
}

/**
 * The form of a settings tab (profile, password, mail server): fields stacked, a warning when a
 * field's rule fails on saving, and the save's failure on top.
 */
export function SettingForm<V>({ testId, error, errorTestId, children, ...form }: Props<V>) {
  const { t } = useTranslation();
  return (
    <Form<V>
      {...form}
      layout="vertical"
      className="setting-form"
      data-testid={testId}
      onFinishFailed={() => feedback.warning(t('errors:formInvalid'))}
    >
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} data-testid={errorTestId} />}
      {children}
    </Form>
  );
}
