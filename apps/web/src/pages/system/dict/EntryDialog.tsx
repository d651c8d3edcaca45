import { DICT_TAG_COLORS, type DictEntry, type DictEntryInput } from '@agent-console/contracts';
import { App, type ButtonProps, Form, Input, InputNumber, Modal, Select, Switch, Tag } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { dictApi, useDictMutation } from '../../../api/system-dict';
import { applyServerErrors } from '../../../components/server-errors';
import { LabelsFields } from './LabelsFields';

interface Props {
  typeId: number;
  editing: DictEntry | null;
  open: boolean;
  onClose(): void;
}

export function EntryDialog({ typeId, editing, open, onClose }: Props) {
  const { t } = useTranslation('system-dict');
  const { message } = App.useApp();
  const [form] = Form.useForm<DictEntryInput>();
  const save = useDictMutation((values: DictEntryInput) =>
    editing ? dictApi.updateEntry(editing.id, values) : dictApi.saveEntry(values),
  );

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      editing
        ? {
            value: editing.value,
            labels: editing.labels,
            sort: editing.sort,
            tagColor: editing.tagColor,
            enabled: editing.enabled,
            remark: editing.remark,
          }
        : { sort: 0, tagColor: 'default', enabled: true },
    );
  }, [open, editing, form]);

  const submit = async () => {
    const values = await form.validateFields();
    try {
      await save.mutateAsync({ ...values, typeId });
      message.success(t('saved'));
      onClose();
    } catch (err) {
      message.error(applyServerErrors(form, err));
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? t('entry.edit') : t('entry.add')}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'entry-dialog-ok' } as ButtonProps}
      destroyOnHidden
      width={560}
    >
      <Form form={form} layout="vertical" data-testid="entry-dialog">
        <Form.Item
          name="value"
          label={t('fields.value')}
          rules={[{ required: true, whitespace: true, message: t('rules.valueRequired') }, { max: 100 }]}
        >
          <Input maxLength={100} data-testid="entry-value" />
        </Form.Item>
        <LabelsFields name="labels" label={t('fields.label')} />
        <Form.Item name="sort" label={t('fields.sort')}>
          <InputNumber min={0} max={100000} precision={0} />
        </Form.Item>
        <Form.Item name="tagColor" label={t('fields.tagColor')}>
          <Select
            options={DICT_TAG_COLORS.map((c) => ({ value: c, label: <Tag color={c}>{c}</Tag> }))}
            data-testid="entry-color"
          />
        </Form.Item>
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
