import type { LoginLog } from '@agent-console/contracts';
import { Descriptions, Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../../ui/crud';
import { loginOutcome } from './login-outcome';

/** Every field of one login-log row, the outcome in the reader's language. */
export function LoginLogDrawer({ row, onClose }: { row: LoginLog | null; onClose(): void }) {
  const { t, i18n } = useTranslation('monitor');
  return (
    <Drawer open={!!row} onClose={onClose} title={t('loginlog.detail')} data-testid="loginlog-detail">
      {row && (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('fields.user')}>{row.username}</Descriptions.Item>
          <Descriptions.Item label={t('fields.customer')}>{row.customerName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('loginlog.event')}>{t(`event.${row.event}`)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.status')}>{t(`status.${row.status}`)}</Descriptions.Item>
          <Descriptions.Item label={t('loginlog.code')}>{row.code}</Descriptions.Item>
          <Descriptions.Item label={t('loginlog.message')}>{loginOutcome(row, t, i18n.language)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.ip')}>{row.ip}</Descriptions.Item>
          <Descriptions.Item label={t('fields.browser')}>{row.browser}</Descriptions.Item>
          <Descriptions.Item label={t('fields.os')}>{row.os}</Descriptions.Item>
          <Descriptions.Item label={t('fields.time')}>{formatTime(row.createdAt)}</Descriptions.Item>
        </Descriptions>
      )}
    </Drawer>
  );
}
