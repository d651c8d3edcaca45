import { Alert, type ButtonProps, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { appAddress } from './app-address';

/** An API key just made (at creation or rotation), shown this once: the server keeps only its hash. */
export interface ShownKey {
  name: string;
  port: number;
  apiKey: string;
  rotated: boolean;
}

export function ApiKeyDialog({ shown, onClose }: { shown: ShownKey | null; onClose(): void }) {
  const { t } = useTranslation('app');
  const url = shown ? `${appAddress(shown.port)}/v1` : '';
  return (
    <Modal
      open={!!shown}
      title={shown ? t(shown.rotated ? 'key.rotatedTitle' : 'key.createdTitle', { name: shown.name }) : ''}
      onCancel={onClose}
      onOk={onClose}
      okText={t('key.copied')}
      okButtonProps={{ 'data-testid': 'api-key-done' } as ButtonProps}
      cancelButtonProps={{ style: { display: 'none' } }}
      maskClosable={false}
      destroyOnHidden
    >
      <div data-testid="api-key-dialog">
        <Alert type="warning" showIcon title={t('key.once')} />
        <Typography.Paragraph
          copyable={{ text: shown?.apiKey ?? '' }}
          code
          className="app-api-key"
          data-testid="api-key"
        >
          {shown?.apiKey}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary">{t('key.usage', { url })}</Typography.Paragraph>
      </div>
    </Modal>
  );
}
