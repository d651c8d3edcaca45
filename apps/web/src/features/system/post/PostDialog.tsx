import type { Post, PostSave } from '@agent-console/contracts/system-post';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { postApi, usePostMutation } from '../../../platform/resources/system-post';
import { type EditDialogProps, FormDialog, RemarkField, RequiredItem, SortField, StatusField } from '../../../ui/crud';
import { CustomerTreeSelect } from '../../../ui/pickers/CustomerTreeSelect';

type Values = PostSave & { customerId?: number };

export function PostDialog({ editing: post, ...dialog }: EditDialogProps<Post>) {
  const { t } = useTranslation(['system-post', 'crud']);
  const save = usePostMutation((v: Values) => (post ? postApi.update(post.id, v) : postApi.save(v)));
  return (
    <FormDialog<Values>
      {...dialog}
      title={post ? t('editTitle') : t('createTitle')}
      initialValues={
        post
          ? {
              customerId: post.customerId,
              code: post.code,
              name: post.name,
              sort: post.sort,
              enabled: post.enabled,
              remark: post.remark ?? '',
            }
          : { sort: 0, enabled: true }
      }
      onSubmit={(v) => save.mutateAsync(v)}
      testId="post-dialog"
    >
      <Form.Item name="customerId" label={t('fields.customer')} extra={t('customerHint')}>
        <CustomerTreeSelect placeholder={t('fields.customer')} />
      </Form.Item>
      <RequiredItem
        name="code"
        label={t('fields.code')}
        rules={[{ pattern: /^[A-Za-z0-9_.:-]+$/, message: t('codeFormat') }]}
      >
        <Input maxLength={64} />
      </RequiredItem>
      <RequiredItem name="name" label={t('fields.name')}>
        <Input maxLength={64} />
      </RequiredItem>
      <SortField />
      <StatusField />
      <RemarkField />
    </FormDialog>
  );
}
