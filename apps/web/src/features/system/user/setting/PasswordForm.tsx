import { PASSWORD_MAX, PASSWORD_MIN } from '@agent-console/contracts';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../../platform/api/feedback';
import { useSessionStore } from '../../../../platform/stores/session-store';
import { comparedPasswordRule, newPasswordRule } from '../../../../ui/form/password-rule';
import { SettingForm } from '../../../../ui/form/SettingForm';
import { applyServerErrors } from '../../../../ui/form/server-errors';
import { useUpdatePassword } from '../profile.api';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * Password tab: old (required), new (required, the contracts' password rule: at least 8 characters,
 * not the username, not a common password; different from old), confirm (equal to new). The server
 * checks the old password; other sessions of the user end, this one stays.
 */
export function PasswordForm() {
  const { t } = useTranslation('system-user-setting');
  const user = useSessionStore((s) => s.user);
  const update = useUpdatePassword(user?.id ?? 0);
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);

  const submit = async (values: Values) => {
    setError(null);
    try {
      await update.mutateAsync(values);
      form.resetFields();
      feedback.success(t('password.saved'));
    } catch (err) {
      setError(applyServerErrors(form, err));
    }
  };

  return (
    <SettingForm<Values>
      form={form}
      testId="password-form"
      onFinish={submit}
      error={error}
      errorTestId="password-error"
    >
      <Form.Item
        name="oldPassword"
        label={t('password.old')}
        rules={[{ required: true, message: t('password.oldRequired') }]}
      >
        <Input.Password autoComplete="current-password" maxLength={PASSWORD_MAX} />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('password.new')}
        dependencies={['oldPassword']}
        rules={[
          { required: true, message: t('password.newRequired') },
          newPasswordRule(() => user?.username, {
            tooShort: t('password.newLength', { min: PASSWORD_MIN }),
            containsUsername: t('password.newHasUsername'),
            weakPassword: t('password.newCommon'),
          }),
          comparedPasswordRule('oldPassword', false, t('password.sameAsOld')),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX} />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('password.confirm')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('password.confirmRequired') },
          comparedPasswordRule('newPassword', true, t('password.mismatch')),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="password-submit">
        {t('password.submit')}
      </Button>
    </SettingForm>
  );
}
