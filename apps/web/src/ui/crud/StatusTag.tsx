import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export function StatusTag({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('crud');
  return <Tag color={enabled ? 'green' : 'default'}>{enabled ? t('enabled') : t('disabled')}</Tag>;
}
