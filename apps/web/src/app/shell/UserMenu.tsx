import { DownOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../platform/stores/session-store';
import { navigateTo } from '../router/navigate';
import { useLogout } from './useLogout';

export const USER_SETTING_PATH = '/boot/admin/system/user/setting';

/** Avatar and nickname; settings and logout (with confirmation). */
export function UserMenu() {
  const { t } = useTranslation();
  const user = useSessionStore((s) => s.user);
  const logout = useLogout();
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items: [
          { key: 'settings', icon: <SettingOutlined />, label: t('user.settings') },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: t('user.logout'), danger: true },
        ],
        onClick: ({ key }) => {
          if (key === 'settings') navigateTo(USER_SETTING_PATH);
          if (key === 'logout') void logout({ confirm: true });
        },
      }}
    >
      <Space className="app-user" data-testid="user-menu" role="button" tabIndex={0}>
        <Avatar size="small" icon={<UserOutlined />} src={user?.avatar ?? undefined} />
        <span className="app-user-name">{user?.nickName}</span>
        <DownOutlined style={{ fontSize: 10 }} />
      </Space>
    </Dropdown>
  );
}
