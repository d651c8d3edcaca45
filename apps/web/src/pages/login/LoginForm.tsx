import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../components/server-errors';

export interface LoginValues {
  username: string;
  password: string;
}

interface Props {
  initialUsername?: string;
  onSubmit(values: LoginValues): Promise<void>;
}

export function LoginForm({ initialUsername, onSubmit }: Props) {
  const { t } = useTranslation('login');
  const [form] = Form.useForm<LoginValues>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (values: LoginValues) => {
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
      initialValues={{ username: initialUsername ?? '' }}
      onFinish={submit}
      onValuesChange={() => setError(null)}
      data-testid="login-form"
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="login-error" />}
      <Form.Item
        name="username"
        label={t('fields.username')}
        rules={[{ required: true, whitespace: true, message: t('rules.usernameRequired') }]}
      >
        <Input prefix={<UserOutlined />} autoComplete="username" autoFocus maxLength={64} />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('fields.password')}
        rules={[{ required: true, message: t('rules.passwordRequired') }]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" maxLength={128} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
        {t('submit.login')}
      </Button>
    </Form>
  );
}
