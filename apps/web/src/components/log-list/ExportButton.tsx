import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../api/feedback';

/** Exports the list with its current filters; the file is saved under the server's name. */
export function ExportButton({ run }: { run: () => Promise<string> }) {
  const { t } = useTranslation('monitor');
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      const name = await run();
      feedback.success(t('common.exported', { name }));
    } catch {
      // The download helper has already shown the error.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={onClick} data-testid="export">
      {t('common.export')}
    </Button>
  );
}
