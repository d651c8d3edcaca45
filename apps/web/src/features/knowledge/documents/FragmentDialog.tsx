import { FRAGMENT_CONTENT_MAX, type KnowledgeFragment } from '@agent-console/contracts';
import { Alert, type ButtonProps, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../platform/api/feedback';
import { applyServerErrors } from '../../../ui/form/server-errors';
import { useConfirmDiscard, useUnsavedChanges } from '../../../ui/form/unsaved-changes';
import { useFragmentUpdate } from './fragment.api';

interface Props {
  /** The fragment being corrected; the dialog is mounted only while one is. */
  fragment: KnowledgeFragment;
  onClose(): void;
}

/**
 * Corrects a fragment's text. Closing with changes asks first, as the rest of the console does;
 * the server counts the tokens and the search words again, so the agent quotes the new text next.
 */
export function FragmentDialog({ fragment, onClose }: Props) {
  const { t } = useTranslation(['knowledge-viewer', 'crud']);
  const [form] = Form.useForm<{ content: string }>();
  const content = Form.useWatch('content', form);
  const dirty = content !== undefined && content !== fragment.content;
  useUnsavedChanges(dirty);
  const confirmDiscard = useConfirmDiscard(dirty);
  const update = useFragmentUpdate();
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    let values: { content: string };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setError(null);
    try {
      await update.mutateAsync({ id: fragment.id, body: { content: values.content }, silent: true });
      feedback.success(t('edit.saved'));
      onClose();
    } catch (err) {
      setError(applyServerErrors(form, err));
    }
  };
  const cancel = async () => {
    if (await confirmDiscard()) onClose();
  };

  return (
    <Modal
      open
      title={t('edit.title', { seq: fragment.seq })}
      width={720}
      onOk={() => void save()}
      onCancel={() => void cancel()}
      confirmLoading={update.isPending}
      okText={t('crud:save')}
      cancelText={t('crud:cancel')}
      okButtonProps={{ 'data-testid': 'fragment-save' } as ButtonProps}
      maskClosable={false}
    >
      <div data-testid="fragment-dialog">
        {fragment.heading && (
          <Typography.Paragraph type="secondary" className="fragment-heading">
            {t('edit.heading', { heading: fragment.heading })}
          </Typography.Paragraph>
        )}
        {/* Above the field: below it, the hint would run under the character count. */}
        <Typography.Paragraph type="secondary" className="fragment-dialog-hint">
          {t('edit.hint')}
        </Typography.Paragraph>
        {error && <Alert type="error" showIcon title={error} className="crud-dialog-error" />}
        <Form
          form={form}
          layout="vertical"
          initialValues={{ content: fragment.content }}
          onValuesChange={() => setError(null)}
        >
          <Form.Item
            name="content"
            label={t('edit.content')}
            rules={[{ required: true, whitespace: true, message: t('edit.required') }]}
          >
            <Input.TextArea
              autoSize={{ minRows: 6, maxRows: 16 }}
              maxLength={FRAGMENT_CONTENT_MAX}
              showCount
              data-testid="fragment-content"
            />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}
