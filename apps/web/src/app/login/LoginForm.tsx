import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PlainButton } from '../../ui/plain/PlainButton';
import { AuthField, AuthInput } from './AuthField';
import { FormError } from './FormError';
import { required, useAuthForm } from './use-auth-form';

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
  const form = useAuthForm<LoginValues>({
    initial: { username: initialUsername ?? '', password: '' },
    checks: {
      username: [required(t('rules.usernameRequired'))],
      password: [required(t('rules.passwordRequired'), true)],
    },
  });

  return (
    <form onSubmit={form.submit(onSubmit)} noValidate data-testid="login-form">
      {form.error && <FormError message={form.error} testId="login-error" />}
      <AuthField name="username" label={t('fields.username')} error={form.errors.username}>
        <AuthInput
          name="username"
          value={form.values.username}
          onValue={(v) => form.set('username', v)}
          invalid={!!form.errors.username}
          prefix={<UserOutlined />}
          autoComplete="username"
          autoFocus
          maxLength={64}
        />
      </AuthField>
      <AuthField name="password" label={t('fields.password')} error={form.errors.password}>
        <AuthInput
          name="password"
          secret
          value={form.values.password}
          onValue={(v) => form.set('password', v)}
          invalid={!!form.errors.password}
          prefix={<LockOutlined />}
          autoComplete="current-password"
          maxLength={128}
        />
      </AuthField>
      <PlainButton type="submit" variant="primary" size="large" block loading={form.busy} data-testid="login-submit">
        {t('submit.login')}
      </PlainButton>
    </form>
  );
}
