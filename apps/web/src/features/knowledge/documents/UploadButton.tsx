import { KNOWLEDGE_FILE_MAX_BYTES } from '@agent-console/contracts';
import { UploadOutlined } from '@ant-design/icons';
import { Button, Tooltip, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../platform/api/feedback';
import { knowledgeApi, useKnowledgeMutation } from './knowledge.api';

const ACCEPT = ['.pdf', '.doc', '.docx'];

/**
 * Upload of PDF and Word files up to 10MB (SPEC §5/§9). The browser checks extension and size
 * first for a quick message; the server checks the bytes and the size again.
 */
export function UploadButton({
  customerId,
  folderId,
}: {
  customerId: number | undefined;
  folderId: number | undefined;
}) {
  const { t } = useTranslation('knowledge-file');
  const [busy, setBusy] = useState(0);
  const upload = useKnowledgeMutation((file: File) => knowledgeApi.upload(file, customerId, folderId));

  const before = (file: File) => {
    const lower = file.name.toLowerCase();
    if (!ACCEPT.some((ext) => lower.endsWith(ext))) {
      feedback.error(t('uploadWrongType'));
      return Upload.LIST_IGNORE;
    }
    if (file.size > KNOWLEDGE_FILE_MAX_BYTES) {
      feedback.error(t('uploadTooLarge', { name: file.name }));
      return Upload.LIST_IGNORE;
    }
    setBusy((n) => n + 1);
    upload
      .mutateAsync(file)
      .then(() => feedback.success(t('uploaded', { name: file.name })))
      .catch(() => undefined)
      .finally(() => setBusy((n) => n - 1));
    return false;
  };

  return (
    <Tooltip title={t('uploadHint')}>
      <Upload accept={ACCEPT.join(',')} multiple showUploadList={false} beforeUpload={before} data-testid="file-upload">
        <Button type="primary" icon={<UploadOutlined />} loading={busy > 0} data-testid="file-upload-button">
          {t('upload')}
        </Button>
      </Upload>
    </Tooltip>
  );
}
