import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The generated password, shown once: the server keeps only its hash. */
export function ResetPasswordResult({
  result,
  onClose,
}: {
  result: { username: string; password: string } | null;
  onClose(): void;
}) {
  const { t } = useTranslation('system-user');
  return (
    <Modal
      open={!!result}
      title={t('reset.doneTitle', { name: result?.username ?? '' })}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
    >
      <Typography.Paragraph>{t('reset.done')}</Typography.Paragraph>
      <Typography.Title level={4} copyable data-testid="reset-password" style={{ fontFamily: 'monospace' }}>
        {result?.password}
      </Typography.Title>
    </Modal>
  );
}
