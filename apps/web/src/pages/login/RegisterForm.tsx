import { USERNAME_PATTERN } from '@agent-console/contracts';
import { KeyOutlined, LockOutlined, SmileOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newPasswordRule } from '../../components/password-rule';
import { applyServerErrors } from '../../components/server-errors';
import { AgreementField } from './AgreementField';

export interface RegisterValues {
  username: string;
  password: string;
  confirmPassword: string;
  invitationCode: string;
  nickName?: string;
  agreement: boolean;
}

export function RegisterForm({ onSubmit }: { onSubmit(values: RegisterValues): Promise<void> }) {
  const { t } = useTranslation('login');
  const [form] = Form.useForm<RegisterValues>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (values: RegisterValues) => {
    setBusy(true);
    setError(null);
    try {
      await onSubmit(values);
    } catch (err) {
      setError(applyServerErrors(form, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      size="large"
      requiredMark={false}
      onFinish={submit}
      onValuesChange={() => setError(null)}
      data-testid="register-form"
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="register-error" />}
      <Form.Item
        name="username"
        label={t('fields.username')}
        rules={[
          { required: true, whitespace: true, message: t('rules.usernameRequired') },
          { min: 3, max: 32, pattern: USERNAME_PATTERN, message: t('rules.usernameFormat') },
        ]}
      >
        <Input prefix={<UserOutlined />} autoComplete="username" maxLength={32} />
      </Form.Item>
      <Form.Item name="nickName" label={t('fields.nickName')}>
        <Input prefix={<SmileOutlined />} maxLength={64} />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('fields.password')}
        dependencies={['username']}
        rules={[
          { required: true, message: t('rules.passwordRequired') },
          newPasswordRule(() => form.getFieldValue('username'), {
            tooShort: t('rules.passwordLength'),
            containsUsername: t('rules.passwordHasUsername'),
            weakPassword: t('rules.passwordCommon'),
          }),
        ]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" maxLength={128} />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('fields.confirmPassword')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('rules.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              !value || getFieldValue('password') === value
                ? Promise.resolve()
                : Promise.reject(new Error(t('rules.mismatch'))),
          }),
        ]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" maxLength={128} />
      </Form.Item>
      <Form.Item
        name="invitationCode"
        label={t('fields.invitationCode')}
        rules={[{ required: true, whitespace: true, message: t('rules.invitationRequired') }]}
      >
        <Input prefix={<KeyOutlined />} maxLength={64} autoComplete="off" />
      </Form.Item>
      <AgreementField />
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="register-submit">
        {t('submit.register')}
      </Button>
    </Form>
  );
}
