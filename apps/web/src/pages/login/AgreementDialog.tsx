import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  open: boolean;
  onAccept(): void;
  onClose(): void;
}

export function AgreementDialog({ open, onAccept, onClose }: Props) {
  const { t } = useTranslation('login');
  return (
    <Modal
      open={open}
      title={t('agreement.title')}
      okText={t('agreement.accept')}
      cancelText={t('common:actions.close')}
      onOk={onAccept}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography>
        {(['p1', 'p2', 'p3', 'p4'] as const).map((key) => (
          <Typography.Paragraph key={key}>{t(`agreement.${key}`)}</Typography.Paragraph>
        ))}
      </Typography>
    </Modal>
  );
}
