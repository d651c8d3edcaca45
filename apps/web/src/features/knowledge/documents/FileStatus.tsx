import type { KnowledgeFile, VectorState } from '@agent-console/contracts';
import { ExclamationCircleOutlined, RedoOutlined } from '@ant-design/icons';
import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const MINING_COLOR: Record<number, string> = { 1: 'error', 2: 'processing', 3: 'success' };

/** Processing and mining status tags, counts, and for an abnormal document its reason and a retry. */
export function FileStatus({ file, onRetry }: { file: KnowledgeFile; onRetry?: () => void }) {
  const { t } = useTranslation('knowledge-file');
  const reason = file.abnormalReason ? describeReason(file.abnormalReason, t) : null;
  if (file.kind === 'manual') return <Tag>{t('manual')}</Tag>;
  return (
    <Space orientation="vertical" size={2} data-testid={`status-${file.id}`} data-mining={file.miningStatus}>
      <Space size={4} wrap>
        {/* Both can say "Completed": each names what it is the state of. */}
        <Tag color={file.processStatus === 'completed' ? 'green' : 'blue'}>
          {t('processTag', { status: t(`process.${file.processStatus}`) })}
        </Tag>
        <Tag color={MINING_COLOR[file.miningStatus]}>
          {t('miningTag', { status: t(`mining.${file.miningStatus}`) })}
        </Tag>
      </Space>
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={`counts-${file.id}`}>
        {`${t('fragmentCount', { count: file.fragmentCount })} · ${t('qaCount', { count: file.qaCount })}`}
      </Typography.Text>
      {file.vectors && <VectorStatus file={file.id} state={file.vectors} />}
      {file.miningStatus === 1 && (
        <Space size={4}>
          <Tooltip title={reason}>
            <Typography.Text
              type="danger"
              style={{ fontSize: 12, maxWidth: 260 }}
              ellipsis
              data-testid={`reason-${file.id}`}
            >
              <ExclamationCircleOutlined /> {reason}
            </Typography.Text>
          </Tooltip>
          {onRetry && (
            <Button size="small" type="link" icon={<RedoOutlined />} onClick={onRetry} data-testid={`retry-${file.id}`}>
              {t('retry')}
            </Button>
          )}
        </Space>
      )}
    </Space>
  );
}

/** How far the embedding model has come with the document: searchable by meaning once nothing waits. */
function VectorStatus({ file, state }: { file: number; state: VectorState }) {
  const { t } = useTranslation('knowledge-file');
  const total = state.embedded + state.refused + state.pending;
  if (!total) return null;
  return (
    <Space size={4} wrap data-testid={`vectors-${file}`} data-pending={state.pending}>
      {state.pending ? (
        <Tag color="processing">{t('vectors.pending', { done: state.embedded + state.refused, total })}</Tag>
      ) : (
        <Tag color="purple">{t('vectors.done')}</Tag>
      )}
      {state.refused > 0 && (
        <Tooltip title={t('vectors.refusedHint')}>
          <Tag color="warning">{t('vectors.refused', { count: state.refused })}</Tag>
        </Tooltip>
      )}
    </Space>
  );
}

/** The server stores `key` or `key: detail`; the key is translated, the detail kept as is. */
function describeReason(stored: string, t: (key: string, options?: { defaultValue: string }) => string): string {
  const at = stored.indexOf(': ');
  const key = at < 0 ? stored : stored.slice(0, at);
  const detail = at < 0 ? '' : stored.slice(at + 2);
  const text = t(`abnormal.${key}`, { defaultValue: stored });
  return detail && text !== stored ? `${text} (${detail})` : text;
}

export function formatSize(bytes: number): string {
  if (!bytes) return '—';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
