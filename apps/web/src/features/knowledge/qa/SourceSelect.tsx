import { Form, Input, Select, type SelectProps, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useQaSources } from '../../../platform/resources/qa';
import { RequiredItem } from '../../../ui/crud';

/** The source documents a QA can belong to: live documents of the customer whose knowledge is shown. */
export function SourceSelect({
  customerId,
  ...props
}: Omit<SelectProps<number>, 'options'> & { customerId: number | undefined }) {
  const { t } = useTranslation('knowledge-qa');
  const sources = useQaSources(customerId);
  return (
    <Select<number>
      showSearch={{ optionFilterProp: 'label' }}
      loading={sources.isLoading}
      options={(sources.data ?? []).map((s) => ({ value: s.id, label: s.name, title: s.name }))}
      optionRender={(o) => (
        <span>
          {o.label}
          {sources.data?.find((s) => s.id === o.value)?.enabled === false && (
            <Tag style={{ marginInlineStart: 8 }}>{t('sourceDisabled')}</Tag>
          )}
        </span>
      )}
      {...props}
    />
  );
}

/**
 * The source of QA being saved or imported, once the person chose between a new document (by its
 * name) and an existing one; test ids `<testId>-new-source` and `<testId>-source`.
 */
export function SourceField({
  isNew,
  testId,
  customerId,
}: {
  isNew: boolean;
  testId: string;
  customerId: number | undefined;
}) {
  const { t } = useTranslation('knowledge-qa');
  return isNew ? (
    <RequiredItem name="newFileName" label={t('fields.newFileName')} message={t('rules.newFileNameRequired')}>
      <Input maxLength={200} data-testid={`${testId}-new-source`} />
    </RequiredItem>
  ) : (
    <Form.Item name="fileId" rules={[{ required: true, message: t('rules.sourceRequired') }]}>
      <SourceSelect customerId={customerId} placeholder={t('fields.source')} data-testid={`${testId}-source`} />
    </Form.Item>
  );
}
