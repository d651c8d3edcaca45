import {
  CHAT_ACCOUNT_PERMISSIONS,
  CHAT_ACCOUNT_SORT_FIELDS,
  CHAT_ADDRESS_PERMISSIONS,
  type ChatAccount,
  chatAccountPageQuerySchema,
  DICT_TYPES,
} from '@agent-console/contracts';
import {
  ContactsOutlined,
  DeleteOutlined,
  LoginOutlined,
  QrcodeOutlined,
  SyncOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Alert, Button, Form, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { feedback } from '../../../platform/api/feedback';
import { chatAccountApi, useChatAccountMutation, useChatAccountPage } from '../../../platform/resources/chat-account';
import { useDict } from '../../../platform/stores/dict-store';
import { CrudTable, SearchForm, SelectFilter, TextFilter, useCan, useConfirm, useCrudList } from '../../../ui/crud';
import { CustomerTreeSelect } from '../../../ui/pickers/CustomerTreeSelect';
import { AccountAppCell } from './AccountAppCell';
import { AccountCell } from './AccountCell';
import { AccountStatusCell } from './AccountStatusCell';
import { LoginDialog } from './LoginDialog';
import { OwnerSelect } from './OwnerSelect';
import { RiskTag } from './RiskTag';
import './chat-account.css';

type Dialog = { mode: 'login' | 'init'; account: ChatAccount | null } | null;

const P = CHAT_ACCOUNT_PERMISSIONS;

/**
 * Messaging accounts (SPEC §3, WAVE2 §1.2): their login state with the reason of a drop, profile,
 * owner and risk level; log a new account in by QR code, log an offline one in again (with its
 * previous wcId), sync the login states, initialise or open an account's contacts, remove it.
 */
export default function ChatAccountPage() {
  const { t } = useTranslation(['chat-account', 'crud']);
  const can = useCan();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const status = useDict(DICT_TYPES.chatLoginStatus);
  const { list, table, column } = useCrudList({
    usePage: useChatAccountPage,
    sortable: CHAT_ACCOUNT_SORT_FIELDS,
    schema: chatAccountPageQuerySchema,
  });
  const [dialog, setDialog] = useState<Dialog>(null);
  const sync = useChatAccountMutation(() => chatAccountApi.sync());
  const remove = useChatAccountMutation((id: number) => chatAccountApi.remove(id));

  const syncAll = async () => {
    // A failure has been shown by the API client.
    const result = await sync.mutateAsync(undefined).catch(() => null);
    if (!result) return;
    feedback.success(
      t('synced', {
        checked: result.checked,
        online: result.online,
        offline: result.offline,
        changed: result.changed.length,
      }),
    );
  };

  const removeAccount = (account: ChatAccount) =>
    confirm({
      title: t('confirmRemove.title', { name: account.nickname }),
      content: t('confirmRemove.content'),
      okText: t('actions.remove'),
      cancelText: t('crud:cancel'),
      okTestId: 'chat-account-confirm-remove',
      run: async () => {
        await remove.mutateAsync(account.id);
        feedback.success(t('removed', { name: account.nickname }));
      },
    });

  // Sized to fit a 1440 px screen with the side menu open, pinned actions included (issue 37): the
  // account's name and login in one cell, short headers and times, long text clipped with its
  // whole value in a tooltip; signature and creation time are offered by the column picker.
  const columns: TableColumnsType<ChatAccount> = [
    column.sortable('account', t('columns.account'), {
      width: 184,
      render: (_: unknown, a: ChatAccount) => <AccountCell account={a} />,
    }),
    column.sortable('loginStatus', t('columns.state'), {
      width: 104,
      render: (_: unknown, account: ChatAccount) => <AccountStatusCell account={account} />,
    }),
    {
      title: t('columns.risk'),
      key: 'risk',
      width: 96,
      render: (_: unknown, account: ChatAccount) => <RiskTag risk={account.risk} name={account.account} />,
    },
    {
      title: t('fields.contacts'),
      key: 'contacts',
      width: 84,
      render: (_: unknown, a: ChatAccount) => (
        <span data-testid={`contact-count-${a.account}`} data-init={a.contactsInitStatus}>
          {a.contactCount}
          {(a.contactsInitStatus === 'queued' || a.contactsInitStatus === 'running') && (
            <Tag color="processing" className="chat-account-init-tag">
              {t('init.running')}
            </Tag>
          )}
          {a.contactsInitStatus === 'failed' && (
            <Tag color="error" className="chat-account-init-tag">
              {t('init.failed')}
            </Tag>
          )}
        </span>
      ),
    },
    {
      title: t('columns.app'),
      key: 'app',
      width: 140,
      render: (_: unknown, account: ChatAccount) => <AccountAppCell account={account} editable={can(P.edit)} />,
    },
    {
      title: t('columns.owner'),
      dataIndex: 'ownerUserName',
      width: 100,
      ellipsis: true,
      render: (v: string | null) => v ?? '—',
    },
    { title: t('columns.customer'), dataIndex: 'customerName', width: 100, ellipsis: true },
    column.time('lastLoginAt', t('fields.lastLogin'), { short: true }),
    {
      title: t('fields.signature'),
      dataIndex: 'signature',
      width: 180,
      hidden: true,
      render: (text: string | null) =>
        text && (
          <Typography.Paragraph ellipsis={{ rows: 2, tooltip: text }} className="chat-account-signature">
            {text}
          </Typography.Paragraph>
        ),
    },
    column.createdAt({ short: true, hidden: true }),
  ];

  return (
    <>
      <CrudTable<ChatAccount>
        testId="chat-account-page"
        {...table}
        search={
          <>
            <Alert
              type="info"
              showIcon
              className="chat-account-hints"
              title={t('hints.title')}
              description={
                <ul>
                  <li>{t('hints.slow')}</li>
                  <li>{t('hints.firstDrop')}</li>
                </ul>
              }
            />
            <SearchForm list={list}>
              <TextFilter name="keyword" label={t('fields.keyword')} />
              <SelectFilter
                name="loginStatus"
                label={t('fields.loginStatus')}
                width={130}
                options={status.options.map((o) => ({ value: o.value, label: o.label }))}
                testId="filter-login-status"
              />
              <Form.Item name="customerId" label={t('fields.customer')}>
                <CustomerTreeSelect style={{ width: 200 }} data-testid="filter-customer" />
              </Form.Item>
              <Form.Item name="ownerUserId" label={t('columns.owner')}>
                <OwnerSelect />
              </Form.Item>
            </SearchForm>
          </>
        }
        extra={
          <>
            {can(P.login) && (
              <Button
                type="primary"
                icon={<QrcodeOutlined />}
                onClick={() => setDialog({ mode: 'login', account: null })}
                data-testid="chat-account-login"
              >
                {t('actions.login')}
              </Button>
            )}
            {can(P.sync) && (
              <Button
                icon={<SyncOutlined />}
                loading={sync.isPending}
                onClick={() => void syncAll()}
                data-testid="chat-account-sync"
              >
                {t('actions.sync')}
              </Button>
            )}
          </>
        }
        emptyText={t('empty')}
        columns={columns}
        batch={false}
        actionIcons
        // Four icons at most (log in again, contacts' initialisation, contacts, remove).
        actionsWidth={132}
        rowName={(a) => a.account}
        rowActions={(account) => [
          account.loginStatus === 'offline' && {
            key: 'relogin',
            label: t('actions.relogin'),
            icon: <LoginOutlined />,
            permission: P.login,
            onClick: () => setDialog({ mode: 'login', account }),
          },
          {
            key: 'init',
            label: t('actions.init'),
            icon: <TeamOutlined />,
            permission: CHAT_ADDRESS_PERMISSIONS.init,
            disabled: account.loginStatus === 'offline',
            ...(account.loginStatus === 'offline' ? { title: t('init.needsOnline') } : {}),
            onClick: () => setDialog({ mode: 'init', account }),
          },
          {
            key: 'contacts',
            label: t('actions.contacts'),
            icon: <ContactsOutlined />,
            permission: CHAT_ADDRESS_PERMISSIONS.list,
            onClick: () => navigate(`/chat/address?accountId=${account.id}`),
          },
          {
            key: 'remove',
            label: t('actions.remove'),
            icon: <DeleteOutlined />,
            danger: true,
            permission: P.remove,
            onClick: () => void removeAccount(account),
          },
        ]}
      />
      <LoginDialog
        open={!!dialog}
        mode={dialog?.mode ?? 'login'}
        account={dialog?.account ?? null}
        onClose={() => setDialog(null)}
      />
    </>
  );
}
