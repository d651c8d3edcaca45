import { DICT_TYPE_KEY_PATTERN, type DictType, type DictTypeInput } from '@agent-console/contracts';
import { App, type ButtonProps, Form, Input, Modal, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { dictApi, useDictMutation } from '../../../api/system-dict';
import { applyServerErrors } from '../../../components/server-errors';
import { LabelsFields } from './LabelsFields';

interface Props {
  /** null: create; a type: edit it. */
  editing: DictType | null;
  open: boolean;
  onClose(): void;
}

export function TypeDialog({ editing, open, onClose }: Props) {
  const { t } = useTranslation('system-dict');
  const { message } = App.useApp();
  const [form] = Form.useForm<DictTypeInput>();
  const save = useDictMutation((values: DictTypeInput) =>
    editing ? dictApi.updateType(editing.id, values) : dictApi.saveType(values),
  );

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      editing
        ? { type: editing.type, names: editing.names, enabled: editing.enabled, remark: editing.remark }
        : { enabled: true },
    );
  }, [open, editing, form]);

  const submit = async () => {
    const values = await form.validateFields();
    try {
      await save.mutateAsync(values);
      message.success(t('saved'));
      onClose();
    } catch (err) {
      message.error(applyServerErrors(form, err));
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? t('type.edit') : t('type.add')}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'type-dialog-ok' } as ButtonProps}
      destroyOnHidden
      width={560}
    >
      <Form form={form} layout="vertical" data-testid="type-dialog">
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
        <Form.Item name="enabled" label={t('fields.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="remark" label={t('fields.remark')} rules={[{ max: 500 }]}>
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
