import type { ChatAccountOption } from '@agent-console/contracts';
import { UserOutlined } from '@ant-design/icons';
import { Avatar, Badge, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/** The messaging account whose contacts are listed; each option shows whether it is online. */
export function AccountPicker({
  accounts,
  loading,
  value,
  onChange,
}: {
  accounts: ChatAccountOption[];
  loading: boolean;
  value: number | undefined;
  onChange(id: number): void;
}) {
  const { t } = useTranslation('chat-address');
  return (
    <Select<number>
      showSearch={{ optionFilterProp: 'label' }}
      loading={loading}
      value={value}
      onChange={onChange}
      placeholder={t('account.placeholder')}
      aria-label={t('account.label')}
      style={{ minWidth: 260 }}
      options={accounts.map((a) => ({
        value: a.id,
        label: a.nickname,
        title: a.wcId,
        online: a.loginStatus === 'online',
        avatar: a.avatar,
      }))}
      optionRender={(option) => (
        <Space data-testid={`account-option-${option.data.value}`}>
          <Avatar size="small" src={option.data.avatar ?? undefined} icon={<UserOutlined />} />
          {option.data.label}
          <Badge
            status={option.data.online ? 'success' : 'default'}
            text={option.data.online ? t('account.online') : t('account.offline')}
          />
        </Space>
      )}
      data-testid="address-account"
    />
  );
}
