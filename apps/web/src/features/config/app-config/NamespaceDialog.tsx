import {
  type AppNamespace,
  type AppNamespaceSave,
  CONFIG_FORMATS,
  NAMESPACE_NAME_MAX,
  NAMESPACE_NAME_PATTERN,
} from '@agent-console/contracts';
import { Form, Input, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type EditDialogProps, FormDialog, RemarkField, RequiredItem } from '../../../ui/crud';
import { appConfigApi, useAppConfigMutation } from './app-config.api';

interface Props extends EditDialogProps<AppNamespace> {
  appId: number;
  /** A new namespace is shown at once. */
  onSaved(namespace: AppNamespace): void;
}

type Values = Omit<AppNamespaceSave, 'appId'>;

/** The namespace dialog (SPEC §2): name, format and description; the app is the one chosen on the screen. */
export function NamespaceDialog({ appId, editing, onSaved, ...dialog }: Props) {
  const { t } = useTranslation(['appConfig', 'crud']);
  const save = useAppConfigMutation((v: Values) =>
    editing ? appConfigApi.updateNamespace(editing.id, v) : appConfigApi.saveNamespace({ ...v, appId }),
  );
  return (
    <FormDialog<Values>
      {...dialog}
      title={editing ? t('namespace.editTitle', { name: editing.name }) : t('namespace.createTitle')}
      initialValues={
        editing
          ? { name: editing.name, format: editing.format, description: editing.description ?? '' }
          : { format: 'properties' }
      }
      onSubmit={async (v) => {
        const saved = await save.mutateAsync(v);
        if (!editing) onSaved(saved);
      }}
      testId="namespace-dialog"
    >
      <RequiredItem
        name="name"
        label={t('fields.name')}
        rules={[{ pattern: NAMESPACE_NAME_PATTERN, message: t('namespace.nameFormat') }]}
        extra={editing ? `${t('namespace.appFixed')} ${t('namespace.secretsStay')}` : undefined}
      >
        <Input maxLength={NAMESPACE_NAME_MAX} placeholder="agent" data-testid="namespace-name" />
      </RequiredItem>
      <Form.Item
        name="format"
        label={t('fields.format')}
        extra={editing && editing.itemCount > 0 ? t('namespace.formatChange') : undefined}
      >
        <Radio.Group data-testid="namespace-format">
          <Space orientation="vertical" size={4}>
            {CONFIG_FORMATS.map((f) => (
              <Radio key={f} value={f} data-testid={`namespace-format-${f}`}>
                {t(`formats.${f}`)} <Typography.Text type="secondary">— {t(`formatHints.${f}`)}</Typography.Text>
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </Form.Item>
      <RemarkField name="description" label={t('fields.description')} testId="namespace-description" />
    </FormDialog>
  );
}
