import { USERNAME_PATTERN } from '@agent-console/contracts';
import { KeyOutlined, LockOutlined, SmileOutlined, UserOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { newPasswordProblem } from '../../ui/form/password-rule';
import { PlainButton } from '../../ui/plain/PlainButton';
import { AgreementField } from './AgreementField';
import { AuthField, AuthInput } from './AuthField';
import { FormError } from './FormError';
import { required, useAuthForm } from './use-auth-form';

export interface RegisterValues {
  username: string;
  password: string;
  confirmPassword: string;
  invitationCode: string;
  nickName: string;
  agreement: boolean;
}

const EMPTY: RegisterValues = {
  username: '',
  nickName: '',
  password: '',
  confirmPassword: '',
  invitationCode: '',
  agreement: false,
};

export function RegisterForm({ onSubmit }: { onSubmit(values: RegisterValues): Promise<void> }) {
  const { t } = useTranslation('login');
  const form = useAuthForm<RegisterValues>({
    initial: EMPTY,
    checks: {
      username: [
        required(t('rules.usernameRequired')),
        (v) =>
          typeof v === 'string' && (v.length < 3 || v.length > 32 || !USERNAME_PATTERN.test(v))
            ? t('rules.usernameFormat')
            : undefined,
      ],
      password: [
        required(t('rules.passwordRequired'), true),
        (v, all) =>
          newPasswordProblem(v, all.username, {
            tooShort: t('rules.passwordLength'),
            containsUsername: t('rules.passwordHasUsername'),
            weakPassword: t('rules.passwordCommon'),
          }),
      ],
      confirmPassword: [
        required(t('rules.confirmRequired'), true),
        (v, all) => (v && v !== all.password ? t('rules.mismatch') : undefined),
      ],
      invitationCode: [required(t('rules.invitationRequired'))],
      agreement: [required(t('rules.agreementRequired'))],
    },
    dependents: { username: ['password'], password: ['confirmPassword'] },
  });

  const text = (name: 'username' | 'nickName' | 'invitationCode', prefix: ReactNode, maxLength: number) => (
    <AuthField name={name} label={t(`fields.${name}`)} error={form.errors[name]}>
      <AuthInput
        name={name}
        value={form.values[name]}
        onValue={(v) => form.set(name, v)}
        invalid={!!form.errors[name]}
        prefix={prefix}
        maxLength={maxLength}
        autoComplete={name === 'username' ? 'username' : name === 'invitationCode' ? 'off' : undefined}
      />
    </AuthField>
  );
  const secret = (name: 'password' | 'confirmPassword') => (
    <AuthField name={name} label={t(`fields.${name}`)} error={form.errors[name]}>
      <AuthInput
        name={name}
        secret
        value={form.values[name]}
        onValue={(v) => form.set(name, v)}
        invalid={!!form.errors[name]}
        prefix={<LockOutlined />}
        autoComplete="new-password"
        maxLength={128}
      />
    </AuthField>
  );

  return (
    <form onSubmit={form.submit(onSubmit)} noValidate data-testid="register-form">
      {form.error && <FormError message={form.error} testId="register-error" />}
      {text('username', <UserOutlined />, 32)}
      {text('nickName', <SmileOutlined />, 64)}
      {secret('password')}
      {secret('confirmPassword')}
      {text('invitationCode', <KeyOutlined />, 64)}
      <AgreementField
        checked={form.values.agreement}
        onChange={(checked) => form.set('agreement', checked)}
        error={form.errors.agreement}
      />
      <PlainButton type="submit" variant="primary" size="large" block loading={form.busy} data-testid="register-submit">
        {t('submit.register')}
      </PlainButton>
    </form>
  );
}
