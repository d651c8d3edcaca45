import { Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';

/** The Status switch of a create/edit form (`enabled`). */
export function StatusField({ testId }: { testId?: string }) {
  const { t } = useTranslation('crud');
  return (
    <Form.Item name="enabled" label={t('status')} valuePropName="checked">
      <Switch checkedChildren={t('enabled')} unCheckedChildren={t('disabled')} data-testid={testId} />
    </Form.Item>
  );
}

/** The Remark box of a create/edit form: at most 500 characters, as every contract allows. */
export function RemarkField() {
  const { t } = useTranslation('crud');
  return (
    <Form.Item name="remark" label={t('remark')} rules={[{ max: 500, message: t('tooLong', { max: 500 }) }]}>
      <Input.TextArea maxLength={500} rows={3} />
    </Form.Item>
  );
}
