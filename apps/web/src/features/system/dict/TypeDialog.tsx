import { DICT_TYPE_KEY_PATTERN, type DictType, type DictTypeInput } from '@agent-console/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { type EditDialogProps, FormDialog, RemarkField, StatusField } from '../../../ui/crud';
import { dictApi, useDictMutation } from './dict.api';
import { LabelsFields } from './LabelsFields';

export function TypeDialog({ editing, ...dialog }: EditDialogProps<DictType>) {
  const { t } = useTranslation('system-dict');
  const save = useDictMutation((values: DictTypeInput) =>
    editing ? dictApi.updateType(editing.id, values) : dictApi.saveType(values),
  );
  return (
    <FormDialog<DictTypeInput>
      {...dialog}
      title={editing ? t('type.edit') : t('type.add')}
      initialValues={
        editing
          ? { type: editing.type, names: editing.names, enabled: editing.enabled, remark: editing.remark }
          : { enabled: true }
      }
      onSubmit={(v) => save.mutateAsync(v)}
      testId="type-dialog"
    >
      <Form.Item
        name="type"
        label={t('fields.type')}
        extra={editing?.builtin ? t('type.builtinKey') : t('type.keyHelp')}
        rules={[
          { required: true, message: t('rules.typeRequired') },
          { pattern: DICT_TYPE_KEY_PATTERN, message: t('rules.typeFormat') },
        ]}
      >
        <Input maxLength={64} disabled={editing?.builtin} data-testid="type-key" />
      </Form.Item>
      <LabelsFields name="names" label={t('fields.name')} />
      <StatusField />
      <RemarkField />
    </FormDialog>
  );
}
