import { USER_GENDERS, type UserGender } from '@agent-console/contracts';
import { Button, Form, Input, Radio, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../platform/api/client';
import { feedback } from '../../../../platform/api/feedback';
import { useSessionStore } from '../../../../platform/stores/session-store';
import { RequiredItem } from '../../../../ui/crud';
import { SettingForm } from '../../../../ui/form/SettingForm';
import { applyServerErrors } from '../../../../ui/form/server-errors';
import { useProfile, useUpdateProfile } from '../profile.api';

interface Values {
  nickName: string;
  phone?: string;
  email?: string;
  gender: UserGender;
}

export const PHONE_PATTERN_WEB = /^\+?[0-9][0-9 ()-]{3,30}$/;

/** Profile tab: nickname (required), phone, email, gender; saved by id, errors under the fields. */
export function ProfileForm() {
  const { t } = useTranslation('system-user-setting');
  const user = useSessionStore((s) => s.user);
  const loadUser = useSessionStore((s) => s.loadUser);
  const profile = useProfile(user?.id);
  const update = useUpdateProfile(user?.id ?? 0);
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!profile.data) return;
    const { nickName, phone, email, gender } = profile.data;
    form.setFieldsValue({ nickName, phone: phone ?? '', email: email ?? '', gender });
  }, [profile.data, form]);

  if (profile.isLoading) return <Skeleton active paragraph={{ rows: 5 }} />;

  const submit = async (values: Values) => {
    setError(null);
    try {
      await update.mutateAsync({
        nickName: values.nickName,
        phone: values.phone ?? '',
        email: values.email ?? '',
        gender: values.gender,
      });
      feedback.success(t('profile.saved'));
      // The header shows the nickname: read the signed-in user again.
      await loadUser();
    } catch (err) {
      setError(applyServerErrors(form, err));
      // "Already exists" reads better in the words of the field that is taken.
      if (err instanceof ApiError && err.code === 'A0111') {
        for (const field of ['phone', 'email'] as const) {
          if (JSON.stringify(err.data).includes(`"${field}"`))
            form.setFields([{ name: field, errors: [t(`profile.${field}Taken`)] }]);
        }
      }
    }
  };

  return (
    <SettingForm<Values>
      form={form}
      testId="profile-form"
      onFinish={submit}
      initialValues={{ gender: 'unknown' }}
      error={error}
      errorTestId="profile-error"
    >
      <Form.Item label={t('profile.username')}>
        <Input value={profile.data?.username} disabled />
      </Form.Item>
      <RequiredItem
        name="nickName"
        label={t('profile.nickName')}
        message={t('profile.nickNameRequired')}
        rules={[{ max: 64, message: t('tooLong', { max: 64 }) }]}
      >
        <Input maxLength={64} />
      </RequiredItem>
      <Form.Item
        name="phone"
        label={t('profile.phone')}
        rules={[{ pattern: PHONE_PATTERN_WEB, message: t('profile.phoneInvalid') }]}
      >
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('profile.email')}
        rules={[
          { type: 'email', message: t('profile.emailInvalid') },
          { max: 128, message: t('tooLong', { max: 128 }) },
        ]}
      >
        <Input maxLength={128} />
      </Form.Item>
      <Form.Item name="gender" label={t('profile.gender')}>
        <Radio.Group options={USER_GENDERS.map((g) => ({ value: g, label: t(`profile.genders.${g}`) }))} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="profile-submit">
        {t('profile.submit')}
      </Button>
    </SettingForm>
  );
}
