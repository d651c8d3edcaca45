import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useViewport } from '../../../platform/lib/use-viewport';
import { PasswordForm } from './setting/PasswordForm';
import { ProfileForm } from './setting/ProfileForm';

/**
 * User settings (SPEC §2 `/boot/admin/system/user/setting`): profile tab and password tab, beside
 * the forms on a wide screen and above them on a phone, where tabs at the side left the fields
 * about 165 px.
 */
export default function UserSettingPage() {
  const { t } = useTranslation('system-user-setting');
  const phone = useViewport() === 'phone';
  return (
    <Card className="user-setting" data-testid="user-setting">
      <Tabs
        tabPlacement={phone ? 'top' : 'start'}
        items={[
          { key: 'profile', label: t('tabs.profile'), icon: <UserOutlined />, children: <ProfileForm /> },
          { key: 'password', label: t('tabs.password'), icon: <LockOutlined />, children: <PasswordForm /> },
        ]}
      />
    </Card>
  );
}
