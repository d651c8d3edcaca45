import {
  CHAT_ADDRESS_PERMISSIONS,
  CHAT_MESSAGE_PERMISSIONS,
  CONTACT_SORT_FIELDS,
  type Contact,
  type ContactPageQuery,
  contactPageQuerySchema,
  DICT_TYPES,
  type Relationship,
} from '@agent-console/contracts';
import { QuestionCircleOutlined, SendOutlined, TagsOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Popover, Space, Tooltip, Typography } from 'antd';
import { type Key, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { feedback } from '../../../platform/api/feedback';
import { useResolver } from '../../../platform/navigation/resolve-route';
import { useChatAccountOptions } from '../../../platform/resources/chat-account';
import {
  chatAddressApi,
  initRunning,
  useContactInit,
  useContactLabels,
  useContactMutation,
  useContactPage,
} from '../../../platform/resources/chat-address';
import { useDict } from '../../../platform/stores/dict-store';
import { CrudTable, SearchForm, SelectFilter, TextFilter, useCan, useCrudList } from '../../../ui/crud';
import { AccountPicker } from './AccountPicker';
import { ContactInitBar } from './ContactInitBar';
import { ConversationDrawer } from './ConversationDrawer';
import { useContactColumns } from './contact-columns';
import { MessageDialog } from './MessageDialog';
import { RelationshipDialog } from './RelationshipDialog';
import { RelationshipHelp } from './RelationshipHelp';
import './chat-address.css';
import './conversation.css';

/** The contacts of the account picked (`accountId`, a filter in the URL with the others); none before one is. */
const useAccountContacts = ({ accountId, ...query }: Omit<ContactPageQuery, 'accountId'> & { accountId?: number }) =>
  useContactPage({ ...query, accountId: accountId ?? 0 }, !!accountId);

const P = CHAT_ADDRESS_PERMISSIONS;

/**
 * Contacts of one messaging account (SPEC §3, WAVE2 §2.2): pick the account (the first online one
 * by default; `?accountId=` wins), filter, tick contacts across pages, then send them a batch
 * message or set their relationship; initialise the address list with its progress.
 */
export default function ChatAddressPage() {
  const { t } = useTranslation(['chat-address', 'crud']);
  const resolve = useResolver();
  const can = useCan();
  const types = useDict(DICT_TYPES.addressType);
  const genders = useDict(DICT_TYPES.genderOptions);
  const relationships = useDict(DICT_TYPES.relationship);
  const { list, table, column } = useCrudList({
    usePage: useAccountContacts,
    sortable: CONTACT_SORT_FIELDS,
    schema: contactPageQuerySchema,
  });
  const { accountId, ...searched } = list.filters;
  const accounts = useChatAccountOptions();
  const account = accounts.data?.find((a) => a.id === accountId);
  const labels = useContactLabels(accountId);
  const init = useContactInit(accountId);
  const [startError, setStartError] = useState<string | null>(null);
  const [selected, setSelected] = useState<Map<number, Contact>>(new Map());
  const [messaging, setMessaging] = useState(false);
  const [relating, setRelating] = useState(false);
  const [conversation, setConversation] = useState<{ id: number; nickname: string } | null>(null);
  const relate = useContactMutation((v: { ids: number[]; relationship: Relationship }) =>
    chatAddressApi.setRelationship(v.ids, v.relationship),
  );

  // Without an account in the URL, the first online account (or the first of all) is shown.
  const setFilters = list.setFilters;
  const firstAccount = accounts.data?.find((a) => a.loginStatus === 'online') ?? accounts.data?.[0];
  useEffect(() => {
    if (!accountId && firstAccount) setFilters({ ...searched, accountId: firstAccount.id });
  });

  // Ticks and a failed start belong to one account.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the account is the trigger
  useEffect(() => {
    setSelected(new Map());
    setStartError(null);
  }, [accountId]);

  // Says so when a run this page watched (of the account shown) has finished.
  const status = init.progress.data?.status;
  const watched = useRef<{ accountId: number | undefined; running: boolean }>({ accountId, running: false });
  useEffect(() => {
    const before = watched.current;
    if (before.accountId === accountId && before.running && status === 'completed')
      feedback.success(t('init.done', { count: init.progress.data?.total ?? 0 }));
    watched.current = { accountId, running: status === 'queued' || status === 'running' };
  }, [accountId, status, init.progress.data?.total, t]);

  const startInit = async () => {
    if (!accountId) return;
    setStartError(null);
    try {
      await init.start.mutateAsync(accountId);
    } catch (err) {
      setStartError(err instanceof Error ? err.message : String(err));
    }
  };

  const setRelationship = async (ids: number[], relationship: Relationship) => {
    const { affected } = await relate.mutateAsync({ ids, relationship });
    feedback.success(t('relationshipSet', { count: affected, relationship: relationships.label(relationship) }));
  };

  const rows = [...selected.values()];
  const selectedKeys: Key[] = [...selected.keys()];
  const running = initRunning(init.progress.data);
  const filtered = Object.values(searched).some((v) => v !== undefined && v !== '' && v !== false);

  const initButton = can(P.init) && (
    <Tooltip title={account?.loginStatus === 'offline' ? t('init.needsOnline') : t('init.hint')}>
      <Button
        icon={<TeamOutlined />}
        loading={running || init.start.isPending}
        disabled={!accountId || account?.loginStatus === 'offline'}
        onClick={() => void startInit()}
        data-testid="address-init"
      >
        {t('actions.init')}
      </Button>
    </Tooltip>
  );

  // Only a link that opens a page the person may use (issue 34).
  const mayLogIn = resolve('/chat/account').kind === 'page';
  const empty = !accounts.data?.length ? (
    <span data-testid="address-no-accounts">
      {t('account.none')} {mayLogIn && <Link to="/chat/account">{t('account.goLogin')}</Link>}
    </span>
  ) : filtered ? undefined : (
    <Space orientation="vertical" data-testid="address-empty">
      {t('empty')}
      {initButton}
    </Space>
  );

  const columns = useContactColumns({
    column,
    canRelate: can(P.relationship),
    savingOne: (id) => relate.isPending && !!relate.variables?.ids.includes(id) && relate.variables.ids.length === 1,
    // A refusal has been shown by the API client; the select keeps the stored value.
    onRelationship: (id, value) => void setRelationship([id], value).catch(() => undefined),
    onConversation: (c) => setConversation({ id: c.id, nickname: c.nickname }),
  });

  const selection = {
    rowSelection: {
      selectedRowKeys: selectedKeys,
      preserveSelectedRowKeys: true,
      // Rows ticked on other pages are not in `picked`: they are kept from before.
      onChange: (keys: Key[], picked: (Contact | undefined)[]) =>
        setSelected((before) => {
          const next = new Map<number, Contact>();
          for (const key of keys) {
            const row = picked.find((r) => r?.id === key) ?? before.get(Number(key));
            if (row) next.set(row.id, row);
          }
          return next;
        }),
      getCheckboxProps: (c: Contact) => ({ 'data-testid': `select-${c.id}` }) as object,
    },
  };

  return (
    <>
      <CrudTable<Contact>
        testId="chat-address-page"
        {...table}
        search={
          <>
            <div className="chat-address-bar">
              <Typography.Text strong>{t('account.label')}</Typography.Text>
              <AccountPicker
                accounts={accounts.data ?? []}
                loading={accounts.isPending}
                value={accountId}
                onChange={(id) => setFilters({ ...searched, label: undefined, accountId: id })}
              />
              <Popover content={<RelationshipHelp />} title={t('relationshipHelp.title')} trigger="click">
                <Button type="link" icon={<QuestionCircleOutlined />} data-testid="relationship-help-open">
                  {t('relationshipHelp.title')}
                </Button>
              </Popover>
            </div>
            <ContactInitBar
              progress={init.progress.data}
              startError={startError}
              canRetry={can(P.init)}
              retrying={init.start.isPending}
              onRetry={() => void startInit()}
            />
            <SearchForm values={searched} onSearch={(v) => setFilters({ ...v, accountId })}>
              <TextFilter name="keyword" label={t('fields.keyword')} />
              <SelectFilter
                name="label"
                label={t('fields.label')}
                showSearch={{ optionFilterProp: 'label' }}
                width={160}
                loading={labels.isFetching}
                options={(labels.data ?? []).map((l) => ({ value: l.name, label: `${l.name} (${l.contactCount})` }))}
              />
              <SelectFilter name="type" label={t('fields.type')} width={110} options={types.options} />
              <SelectFilter name="relationship" label={t('fields.relationship')} options={relationships.options} />
              <SelectFilter name="gender" label={t('fields.gender')} width={110} options={genders.options} />
              <Form.Item name="needsPerson" valuePropName="checked">
                <Checkbox data-testid="filter-needs-person">{t('needsPersonOnly')}</Checkbox>
              </Form.Item>
              <Form.Item name="includeGone" valuePropName="checked">
                <Checkbox data-testid="filter-include-gone">{t('includeGone')}</Checkbox>
              </Form.Item>
            </SearchForm>
          </>
        }
        extra={
          <>
            {initButton}
            {can(CHAT_MESSAGE_PERMISSIONS.send) && (
              <Button
                type="primary"
                icon={<SendOutlined />}
                disabled={!rows.length}
                onClick={() => setMessaging(true)}
                data-testid="address-send"
              >
                {t('actions.send', { count: rows.length })}
              </Button>
            )}
            {can(P.relationship) && (
              <Button
                icon={<TagsOutlined />}
                disabled={!rows.length}
                onClick={() => setRelating(true)}
                data-testid="address-relationship"
              >
                {t('actions.relationship', { count: rows.length })}
              </Button>
            )}
            {rows.length > 0 && (
              <Button type="link" onClick={() => setSelected(new Map())} data-testid="address-clear-selection">
                {t('actions.clearSelection', { count: rows.length })}
              </Button>
            )}
          </>
        }
        emptyText={empty}
        columns={columns}
        batch={false}
        {...selection}
      />
      <MessageDialog open={messaging} accountId={accountId} recipients={rows} onClose={() => setMessaging(false)} />
      <RelationshipDialog
        count={relating ? rows.length : null}
        onSubmit={(relationship) =>
          setRelationship(
            rows.map((r) => r.id),
            relationship,
          )
        }
        onClose={() => setRelating(false)}
      />
      <ConversationDrawer contact={conversation} onClose={() => setConversation(null)} />
    </>
  );
}
