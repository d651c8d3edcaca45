import { Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCronPreview } from '../../../platform/resources/system-job';
import { formatTime } from '../../../ui/crud';

/** The next five fire times of what the user is typing, checked by the server's cron parser. */
export function CronPreview({ cron }: { cron: string | undefined }) {
  const { t } = useTranslation('system-job');
  const [settled, setSettled] = useState(cron ?? '');
  useEffect(() => {
    const timer = setTimeout(() => setSettled(cron ?? ''), 300);
    return () => clearTimeout(timer);
  }, [cron]);
  const preview = useCronPreview(settled);
  if (!settled.trim()) return null;
  if (preview.isError) {
    return (
      <Typography.Text type="danger" className="job-cron-invalid" data-testid="cron-invalid">
        {t('cron.invalid')}
      </Typography.Text>
    );
  }
  return (
    <div data-testid="cron-preview">
      <Typography.Text type="secondary">{t('cron.next')}</Typography.Text>
      <ol className="job-cron-list">
        {(preview.data?.nextFireTimes ?? []).map((time) => (
          <li key={time}>{formatTime(time)}</li>
        ))}
      </ol>
    </div>
  );
}
