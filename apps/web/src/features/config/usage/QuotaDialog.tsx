import { USAGE_QUOTA_MAX } from '@agent-console/contracts';
import { Alert, Form, InputNumber, Modal, Radio } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../ui/form/server-errors';
import { useSetQuota } from './usage.api';

interface Props {
  open: boolean;
  customerId: number;
  /** The quota now (null: unlimited), what the form starts from. */
  current: number | null;
  onClose(): void;
}

interface Values {
  mode: 'limited' | 'unlimited';
  quota: number | null;
}

/** Sets a customer's monthly answer quota from this month on (`usage:quota:edit`). */
export function QuotaDialog({ open, customerId, current, onClose }: Props) {
  const { t } = useTranslation('usage');
  const [form] = Form.useForm<Values>();
  const save = useSetQuota();
  const [mode, setMode] = useState<Values['mode']>('limited');
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    const start: Values = { mode: current === null ? 'unlimited' : 'limited', quota: current };
    form.setFieldsValue(start);
    setMode(start.mode);
    setProblem(null);
  }, [open, current, form]);

  const submit = async () => {
    const values = await form.validateFields();
    try {
      await save.mutateAsync({ customerId, quota: values.mode === 'unlimited' ? null : (values.quota ?? 0) });
      onClose();
    } catch (err) {
      setProblem(applyServerErrors(form, err));
    }
  };

  return (
    <Modal
      open={open}
      title={t('quota.title')}
      okText={t('quota.save')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
      data-testid="usage-quota-dialog"
    >
      {problem && <Alert type="error" showIcon title={problem} className="usage-quota-problem" />}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="mode" label={t('quota.mode')}>
          <Radio.Group
            onChange={(e) => setMode(e.target.value as Values['mode'])}
            options={[
              { value: 'limited', label: t('quota.limited') },
              { value: 'unlimited', label: t('quota.unlimitedOption') },
            ]}
          />
        </Form.Item>
        {mode === 'limited' && (
          <Form.Item
            name="quota"
            label={t('quota.label')}
            extra={t('quota.help')}
            rules={[{ required: true, message: t('quota.required') }]}
          >
            <InputNumber
              min={0}
              max={USAGE_QUOTA_MAX}
              precision={0}
              style={{ width: '100%' }}
              data-testid="usage-quota-input"
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
