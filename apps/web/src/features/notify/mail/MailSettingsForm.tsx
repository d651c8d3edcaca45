import {
  MAIL_ADDRESS_MAX,
  MAIL_DEFAULT_PORTS,
  MAIL_FROM_NAME_MAX,
  MAIL_HOST_MAX,
  MAIL_HOST_PATTERN,
  MAIL_PASSWORD_MAX,
  MAIL_SECURITIES,
  MAIL_USERNAME_MAX,
  type MailInfo,
  type MailSecurity,
} from '@agent-console/contracts';
import { Alert, Button, Checkbox, Form, type FormInstance, Input, InputNumber, Select, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../platform/api/feedback';
import { formatTime, RequiredItem } from '../../../ui/crud';
import { SettingForm } from '../../../ui/form/SettingForm';
import { applyServerErrors } from '../../../ui/form/server-errors';
import { useSaveMail } from './mail.api';

/** The form's values; the same shape the save call and the test of unsaved settings take. */
export interface MailFormValues {
  host: string;
  security: MailSecurity;
  port?: number | null;
  username?: string;
  password?: string;
  clearPassword?: boolean;
  fromAddress: string;
  fromName?: string;
  enabled: boolean;
}

export function formValuesOf(info: MailInfo): MailFormValues {
  return {
    host: info.host,
    security: info.security,
    port: info.port,
    username: info.username,
    password: '',
    clearPassword: false,
    fromAddress: info.fromAddress,
    fromName: info.fromName,
    enabled: info.enabled,
  };
}

/**
 * The SMTP setting as a form (WAVE2 §3.2): the password is write-only, an empty field keeps the one
 * stored ("stored" tag), a checkbox removes it; choosing a security proposes its usual port.
 * Read-only without the edit permission.
 */
export function MailSettingsForm({
  form,
  info,
  canEdit,
}: {
  form: FormInstance<MailFormValues>;
  info: MailInfo;
  canEdit: boolean;
}) {
  const { t } = useTranslation('mail');
  const save = useSaveMail();
  const [error, setError] = useState<string | null>(null);
  const clearing = Form.useWatch('clearPassword', form);
  const security = Form.useWatch('security', form);
  const username = Form.useWatch('username', form);

  const submit = async (values: MailFormValues) => {
    setError(null);
    try {
      const saved = await save.mutateAsync({ ...values, port: values.port ?? null });
      form.setFieldsValue(formValuesOf(saved));
      feedback.success(t('saved'));
    } catch (err) {
      setError(applyServerErrors(form, err));
    }
  };

  /** A port left at the old security's usual one follows the new security. */
  const proposePort = (next: MailSecurity) => {
    const port = form.getFieldValue('port') as number | null | undefined;
    const usual = Object.values(MAIL_DEFAULT_PORTS);
    if (port === null || port === undefined || usual.includes(port))
      form.setFieldValue('port', MAIL_DEFAULT_PORTS[next]);
  };

  return (
    <SettingForm<MailFormValues>
      form={form}
      testId="mail-form"
      disabled={!canEdit}
      initialValues={formValuesOf(info)}
      onFinish={submit}
      error={error}
      errorTestId="mail-error"
    >
      <RequiredItem
        name="host"
        label={t('fields.host')}
        message={t('fields.hostRequired')}
        rules={[{ pattern: MAIL_HOST_PATTERN, message: t('fields.hostInvalid') }]}
      >
        <Input maxLength={MAIL_HOST_MAX} placeholder="smtp.example.com" autoComplete="off" />
      </RequiredItem>
      <div className="mail-row">
        <Form.Item name="security" label={t('fields.security')} extra={t('fields.securityHelp')}>
          <Select
            data-testid="mail-security"
            onChange={proposePort}
            options={MAIL_SECURITIES.map((s) => ({ value: s, label: t(`securities.${s}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="port"
          label={t('fields.port')}
          rules={[{ type: 'integer', min: 1, max: 65535, message: t('fields.portRange') }]}
        >
          <InputNumber min={1} max={65535} precision={0} className="mail-port" />
        </Form.Item>
      </div>
      <Form.Item name="username" label={t('fields.username')}>
        <Input maxLength={MAIL_USERNAME_MAX} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="password"
        label={
          <span>
            {t('fields.password')}
            {info.hasPassword && (
              <Tag color="green" style={{ marginInlineStart: 8 }} data-testid="mail-password-stored">
                {t('fields.passwordStored')}
              </Tag>
            )}
          </span>
        }
        extra={info.hasPassword ? t('fields.passwordKeep') : undefined}
      >
        <Input.Password
          maxLength={MAIL_PASSWORD_MAX}
          autoComplete="new-password"
          disabled={!canEdit || !!clearing}
          placeholder={info.hasPassword ? t('fields.passwordPlaceholderStored') : undefined}
        />
      </Form.Item>
      {security === 'none' && !!username?.trim() && (
        // AUTH over a plain connection is allowed (a relay may need it) but must never come as a surprise.
        <Alert
          type="warning"
          showIcon
          message={t('fields.plainWarning')}
          className="mail-note"
          data-testid="mail-plain-warning"
        />
      )}
      {info.hasPassword && (
        <Form.Item name="clearPassword" valuePropName="checked" style={{ marginTop: -8 }}>
          <Checkbox
            data-testid="mail-clear-password"
            onChange={(e) => e.target.checked && form.setFieldValue('password', '')}
          >
            {t('fields.clearPassword')}
          </Checkbox>
        </Form.Item>
      )}
      <RequiredItem
        name="fromAddress"
        label={t('fields.fromAddress')}
        message={t('fields.fromAddressRequired')}
        rules={[{ type: 'email', message: t('fields.emailInvalid') }]}
      >
        <Input maxLength={MAIL_ADDRESS_MAX} placeholder="console@example.com" />
      </RequiredItem>
      <Form.Item name="fromName" label={t('fields.fromName')}>
        <Input maxLength={MAIL_FROM_NAME_MAX} />
      </Form.Item>
      <Form.Item name="enabled" label={t('fields.enabled')} valuePropName="checked" extra={t('fields.enabledHelp')}>
        <Switch data-testid="mail-enabled" />
      </Form.Item>
      {canEdit && (
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="mail-save">
          {t('save')}
        </Button>
      )}
      {info.updatedAt && (
        <div className="mail-last-saved" data-testid="mail-last-saved">
          {t('lastSaved', { time: formatTime(info.updatedAt) })}
        </div>
      )}
    </SettingForm>
  );
}
