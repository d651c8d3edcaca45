import type { KnowledgeFile } from '@agent-console/contracts';
import { Form, Input } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../ui/crud';
import { knowledgeApi, useKnowledgeMutation } from './knowledge.api';

/** Rename a document; the server's field errors land under the field. */
export function RenameDialog({ file, onClose }: { file: KnowledgeFile | null; onClose(): void }) {
  const { t } = useTranslation(['knowledge-file', 'crud']);
  const [form] = Form.useForm<{ name: string }>();
  const save = useKnowledgeMutation((v: { name: string }) =>
    knowledgeApi.update(file?.id ?? 0, { name: v.name.trim() }),
  );
  const initial = useMemo(() => (file ? { name: file.name } : undefined), [file]);
  return (
    <FormDialog<{ name: string }>
      open={!!file}
      title={t('renameTitle')}
      form={form}
      {...(initial ? { initialValues: initial } : {})}
      onSubmit={(v) => save.mutateAsync(v)}
      onClose={onClose}
      testId="file-rename-dialog"
    >
      <Form.Item
        name="name"
        label={t('fields.name')}
        rules={[{ required: true, whitespace: true, message: t('crud:required') }]}
      >
        <Input maxLength={200} data-testid="file-rename-input" />
      </Form.Item>
    </FormDialog>
  );
}
