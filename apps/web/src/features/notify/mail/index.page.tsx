import { MAIL_PERMISSIONS } from '@agent-console/contracts';
import { Alert, Card, Form, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../ui/crud';
import { type MailFormValues, MailSettingsForm } from './MailSettingsForm';
import { useMailInfo } from './mail.api';
import { TestMailPanel } from './TestMailPanel';
import './mail.css';

/**
 * Mail settings (`/message/mail`, SPEC §7 "Mail", WAVE2 §3): the one SMTP setting of the product,
 * and a test mail. A settings form rather than a list; each part shows only with its permission
 * (query to see, edit to change, test to send).
 */
export default function MailSettingsPage() {
  const { t } = useTranslation('mail');
  const can = useCan();
  const canQuery = can(MAIL_PERMISSIONS.query);
  const canEdit = can(MAIL_PERMISSIONS.edit);
  const canTest = can(MAIL_PERMISSIONS.test);
  const info = useMailInfo(canQuery);
  const [form] = Form.useForm<MailFormValues>();

  if (!canQuery) {
    return (
      <Card data-testid="mail-settings">
        <Alert type="warning" showIcon message={t('noPermission')} />
      </Card>
    );
  }
  if (!info.data) {
    return (
      <Card data-testid="mail-settings">
        {info.isError ? (
          <Alert type="error" showIcon message={info.error.message} />
        ) : (
          <Skeleton active paragraph={{ rows: 8 }} />
        )}
      </Card>
    );
  }
  const data = info.data;
  return (
    <div className="mail-settings" data-testid="mail-settings">
      <Card title={t('title')}>
        <p className="mail-intro">{t('intro')}</p>
        {!data.updatedAt && (
          <Alert
            type="info"
            showIcon
            message={t('notConfigured')}
            className="mail-note"
            data-testid="mail-not-configured"
          />
        )}
        {data.updatedAt && !data.enabled && (
          <Alert
            type="warning"
            showIcon
            message={t('disabledNote')}
            className="mail-note"
            data-testid="mail-disabled"
          />
        )}
        <MailSettingsForm form={form} info={data} canEdit={canEdit} />
      </Card>
      {canTest && (
        <Card title={t('test.title')} data-testid="mail-test">
          <TestMailPanel settingsForm={form} useForm={canEdit} />
        </Card>
      )}
    </div>
  );
}
