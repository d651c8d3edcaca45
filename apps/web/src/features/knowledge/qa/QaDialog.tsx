import { QA_ANSWER_MAX, QA_QUESTION_MAX, QA_TAGS_MAX, type QaRecord } from '@agent-console/contracts';
import { Form, Input, Radio } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { qaApi, useQaMutation } from '../../../platform/resources/qa';
import { type EditDialogProps, FormDialog, RequiredItem } from '../../../ui/crud';
import { CustomerTreeSelect } from '../../../ui/pickers/CustomerTreeSelect';
import { useCustomerReach } from '../../../ui/pickers/customer-reach';
import { SourceField } from './SourceSelect';

interface Values {
  question: string;
  answer: string;
  tags?: string;
  sourceMode: 'none' | 'existing' | 'new';
  fileId?: number;
  newFileName?: string;
}

/**
 * Add or edit a QA: question and answer are required; the source is no document ("Manual", the
 * default for a new QA), an existing document or a new document name.
 */
export function QaDialog({
  open,
  editing: qa,
  onClose,
  customerId,
}: EditDialogProps<QaRecord> & { customerId: number | undefined }) {
  const { t } = useTranslation(['knowledge-qa', 'crud', 'common']);
  const many = useCustomerReach().many;
  const [form] = Form.useForm<Values>();
  const mode = Form.useWatch('sourceMode', form);
  const save = useQaMutation((v: Values) =>
    qaApi.save({
      // A new QA goes to the customer whose knowledge the page shows; an edited one stays where it is.
      ...(qa ? { id: qa.id } : customerId ? { customerId } : {}),
      question: v.question,
      answer: v.answer,
      tags: v.tags ?? '',
      ...sourceOf(v),
    }),
  );
  const initial = useMemo<Partial<Values>>(
    () =>
      qa
        ? {
            question: qa.question,
            answer: qa.answer,
            tags: qa.tags,
            ...(qa.fileId === null ? { sourceMode: 'none' } : { sourceMode: 'existing', fileId: qa.fileId }),
          }
        : { sourceMode: 'none' },
    [qa],
  );
  return (
    <FormDialog<Values>
      open={open}
      title={qa ? t('editTitle') : t('createTitle')}
      form={form}
      initialValues={initial}
      onSubmit={(v) => save.mutateAsync(v)}
      onClose={onClose}
      width={640}
      testId="qa-dialog"
    >
      {many && !qa && (
        <Form.Item label={t('common:picker.customer')} extra={t('customerHint')}>
          <CustomerTreeSelect value={customerId} disabled data-testid="qa-customer" />
        </Form.Item>
      )}
      <RequiredItem name="question" label={t('fields.question')} message={t('rules.questionRequired')}>
        <Input.TextArea rows={2} maxLength={QA_QUESTION_MAX} showCount data-testid="qa-question" />
      </RequiredItem>
      <RequiredItem name="answer" label={t('fields.answer')} message={t('rules.answerRequired')}>
        <Input.TextArea rows={5} maxLength={QA_ANSWER_MAX} showCount data-testid="qa-answer" />
      </RequiredItem>
      <Form.Item name="tags" label={t('fields.tags')} extra={t('tagsHint')}>
        <Input maxLength={QA_TAGS_MAX} data-testid="qa-tags" />
      </Form.Item>
      <Form.Item name="sourceMode" label={t('fields.source')} extra={mode === 'none' ? t('manualHint') : undefined}>
        <Radio.Group
          options={[
            { value: 'none', label: t('sourceMode.none') },
            { value: 'existing', label: t('sourceMode.existing') },
            { value: 'new', label: t('sourceMode.new'), 'data-testid': 'qa-source-new' } as {
              value: string;
              label: string;
            },
          ]}
        />
      </Form.Item>
      {mode !== 'none' && (
        <SourceField isNew={mode === 'new'} testId="qa" customerId={qa ? qa.customerId : customerId} />
      )}
    </FormDialog>
  );
}

/** The save call's source: a new document by name, an existing one by id, or none ("Manual"). */
function sourceOf(v: Values): { newFileName: string } | { fileId: number } | Record<string, never> {
  if (v.sourceMode === 'new') return { newFileName: v.newFileName ?? '' };
  if (v.sourceMode === 'existing' && v.fileId !== undefined) return { fileId: v.fileId };
  return {};
}
