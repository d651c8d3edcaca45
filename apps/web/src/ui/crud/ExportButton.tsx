import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../platform/api/feedback';

/** Exports the list with its current filters; `run` downloads and returns the saved file name. */
export function ExportButton({ run }: { run: () => Promise<string> }) {
  const { t } = useTranslation('crud');
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      feedback.success(t('exported', { name: await run() }));
    } catch {
      // The download helper has already shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={onClick} data-testid="crud-export">
      {t('export')}
    </Button>
  );
}
