import type { OperationLog } from '@agent-console/contracts';
import { Descriptions, Drawer, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../../ui/crud';
import '../../../../ui/log-list/log-list.css';
import { moduleWords } from './operation-words';

/** JSON text pretty-printed when it parses; capped text (ending in …) is shown as it is. */
function prettyJson(text: string | null | undefined): string {
  if (!text) return '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** Every field of one operation-log row; params and result as formatted JSON. */
export function OperationLogDrawer({ row, onClose }: { row: OperationLog | null; onClose(): void }) {
  const { t } = useTranslation('monitor');
  return (
    <Drawer open={!!row} onClose={onClose} size="large" title={t('operlog.detail')} data-testid="operlog-detail">
      {row && (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('operlog.title')}>
            <span data-testid="operlog-detail-module">{moduleWords(row.title, t)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('operlog.businessType')}>
            {t(`businessType.${row.businessType}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('operlog.request')}>
            <Tag>{row.method}</Tag>
            {row.path}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.user')}>{row.username ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('fields.customer')}>{row.customerName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('fields.ip')}>{row.ip}</Descriptions.Item>
          <Descriptions.Item label={t('operlog.userAgent')}>{row.userAgent}</Descriptions.Item>
          <Descriptions.Item label={t('operlog.params')}>
            <pre className="log-text" data-testid="operlog-params">
              {prettyJson(row.params)}
            </pre>
          </Descriptions.Item>
          <Descriptions.Item label={t('operlog.result')}>
            <pre className="log-text">{prettyJson(row.result)}</pre>
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.status')}>
            <Tag color={row.status === 'success' ? 'green' : 'red'}>{t(`status.${row.status}`)}</Tag>
            HTTP {row.httpStatus}
          </Descriptions.Item>
          {row.errorCode && (
            <Descriptions.Item label={t('operlog.error')}>
              {row.errorCode} {row.errorMessage}
            </Descriptions.Item>
          )}
          <Descriptions.Item label={t('operlog.cost')}>{t('operlog.ms', { ms: row.costMs })}</Descriptions.Item>
          <Descriptions.Item label={t('fields.time')}>{formatTime(row.createdAt)}</Descriptions.Item>
        </Descriptions>
      )}
    </Drawer>
  );
}
