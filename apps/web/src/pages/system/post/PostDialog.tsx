import type { Post, PostSave } from '@agent-console/contracts';
import { Form, Input, InputNumber, Switch } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { postApi, usePostMutation } from '../../../api/system-post';
import { FormDialog } from '../../../components/crud';
import { CustomerTreeSelect } from '../dept/CustomerTreeSelect';

interface Props {
  open: boolean;
  /** The post being edited; null for a new one. */
  post: Post | null;
  onClose(): void;
}

type Values = PostSave & { customerId?: number };

export function PostDialog({ open, post, onClose }: Props) {
  const { t } = useTranslation(['system-post', 'crud']);
  const [form] = Form.useForm<Values>();
  const save = usePostMutation((v: Values) => (post ? postApi.update(post.id, v) : postApi.save(v)));
  const initial = useMemo<Partial<Values>>(
    () =>
      post
        ? {
            customerId: post.customerId,
            code: post.code,
            name: post.name,
            sort: post.sort,
            enabled: post.enabled,
            remark: post.remark ?? '',
          }
        : { sort: 0, enabled: true },
    [post],
  );
  return (
    <FormDialog<Values>
      open={open}
      title={post ? t('editTitle') : t('createTitle')}
      form={form}
      initialValues={initial}
      onSubmit={(v) => save.mutateAsync(v)}
      onClose={onClose}
      testId="post-dialog"
    >
      <Form.Item name="customerId" label={t('fields.customer')} extra={t('customerHint')}>
        <CustomerTreeSelect placeholder={t('fields.customer')} />
      </Form.Item>
      <Form.Item
        name="code"
        label={t('fields.code')}
        rules={[
          { required: true, whitespace: true, message: t('crud:required') },
          { pattern: /^[A-Za-z0-9_.:-]+$/, message: t('codeFormat') },
        ]}
      >
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('fields.name')}
        rules={[{ required: true, whitespace: true, message: t('crud:required') }]}
      >
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="sort" label={t('crud:sort')}>
        <InputNumber min={0} max={99999} precision={0} />
      </Form.Item>
      <Form.Item name="enabled" label={t('crud:status')} valuePropName="checked">
        <Switch checkedChildren={t('crud:enabled')} unCheckedChildren={t('crud:disabled')} />
      </Form.Item>
      <Form.Item name="remark" label={t('crud:remark')}>
        <Input.TextArea maxLength={500} rows={3} />
      </Form.Item>
    </FormDialog>
  );
}
