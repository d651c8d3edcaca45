import { KNOWLEDGE_FILE_PERMISSIONS, KNOWLEDGE_QA_PERMISSIONS, type KnowledgeFile } from '@agent-console/contracts';
import { FileTextOutlined } from '@ant-design/icons';
import { Alert, Drawer, Space, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useViewport } from '../../../platform/lib/use-viewport';
import { useCan } from '../../../ui/crud';
import { DocumentQaList } from './DocumentQaList';
import { FragmentList } from './FragmentList';
import './document-viewer.css';

interface Props {
  /** The document open in the viewer; null: closed. */
  file: KnowledgeFile | null;
  onClose(): void;
}

/**
 * A document as the agent reads it (issue 32): its fragments and the QA mined from it, each
 * searchable; a fragment can be corrected or switched off. Full width on a phone.
 */
export function DocumentViewer({ file, onClose }: Props) {
  const { t } = useTranslation('knowledge-viewer');
  const can = useCan();
  const phone = useViewport() === 'phone';
  const title = (
    <Space size={8} wrap>
      <FileTextOutlined />
      <span className="doc-viewer-title">{file?.name}</span>
      {file && !file.enabled && <Tag>{t('documentDisabled')}</Tag>}
    </Space>
  );
  return (
    <Drawer
      open={file !== null}
      onClose={onClose}
      size={phone ? '100%' : 760}
      title={title}
      destroyOnHidden
      className="doc-viewer"
      data-testid="document-viewer"
    >
      {file && (
        <>
          {!file.enabled && (
            <Alert type="warning" showIcon title={t('documentDisabledHint')} className="doc-viewer-alert" />
          )}
          <Tabs
            defaultActiveKey="fragments"
            items={[
              {
                key: 'fragments',
                label: <span data-testid="viewer-tab-fragments">{t('tabs.fragments')}</span>,
                children: <FragmentList fileId={file.id} canEdit={can(KNOWLEDGE_FILE_PERMISSIONS.edit)} />,
              },
              {
                key: 'qa',
                label: <span data-testid="viewer-tab-qa">{t('tabs.qa')}</span>,
                children: can(KNOWLEDGE_QA_PERMISSIONS.list) ? (
                  <DocumentQaList fileId={file.id} />
                ) : (
                  <Alert type="info" showIcon title={t('qa.noPermission')} />
                ),
              },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
