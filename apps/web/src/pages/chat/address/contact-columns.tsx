import { type CONTACT_SORT_FIELDS, type Contact, DICT_TYPES, type Relationship } from '@agent-console/contracts';
import { MessageOutlined, QuestionCircleOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Space, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../components/crud';
import { DictTag } from '../../../components/DictTag';
import { RelationshipCell } from './RelationshipCell';
import { RelationshipHelp } from './RelationshipHelp';

const dash = (v: string | null) => v ?? '—';
/** A time on one line ("2026-11-24 04:18:19"), so that rows stay one line high. */
const TIME_WIDTH = 170;

interface Options {
  /** The list's props for a sortable column (useListState's `sortable`). */
  list: { sortable(field: (typeof CONTACT_SORT_FIELDS)[number]): object };
  canRelate: boolean;
  /** Whether the relationship of this one contact is being saved (its select shows it). */
  savingOne(id: number): boolean;
  onRelationship(id: number, value: Relationship): void;
  onConversation(contact: Contact): void;
}

/**
 * The contacts table's columns: the conversation button and who first (with "needs a person" and
 * "agent paused"), then relationship, type, gender, labels; the ids after. The ids clip with an
 * ellipsis (their full text in a tooltip), which keeps every row one line high.
 */
export function useContactColumns({
  list,
  canRelate,
  savingOne,
  onRelationship,
  onConversation,
}: Options): TableColumnsType<Contact> {
  const { t } = useTranslation(['chat-address', 'crud']);
  return [
    {
      title: t('conversation.open'),
      key: 'conversation',
      width: 120,
      render: (_: unknown, c: Contact) => (
        <Tooltip title={t('conversation.openOf', { name: c.nickname })}>
          <Button
            icon={<MessageOutlined />}
            aria-label={t('conversation.openOf', { name: c.nickname })}
            onClick={() => onConversation(c)}
            data-testid={`conversation-open-${c.id}`}
          />
        </Tooltip>
      ),
    },
    {
      title: t('fields.avatar'),
      dataIndex: 'avatar',
      width: 64,
      render: (src: string | null) => <Avatar src={src ?? undefined} icon={<UserOutlined />} />,
    },
    {
      title: t('fields.nickname'),
      dataIndex: 'nickname',
      width: 200,
      ...list.sortable('nickname'),
      render: (name: string, c: Contact) => (
        <span data-testid={`contact-${c.id}`} data-needs-person={c.needsPerson}>
          {name}
          {c.needsPerson && (
            <Tooltip title={t('needsPersonHint')}>
              <Tag color="red" className="chat-address-flag" data-testid={`needs-person-${c.id}`}>
                {t('needsPerson')}
              </Tag>
            </Tooltip>
          )}
          {c.agentPaused && (
            <Tooltip title={t('agentPausedHint')}>
              <Tag color="orange" className="chat-address-flag" data-testid={`agent-paused-${c.id}`}>
                {t('agentPaused')}
              </Tag>
            </Tooltip>
          )}
          {c.gone && (
            <Tooltip title={t('goneHint')}>
              <Tag className="chat-address-flag">{t('gone')}</Tag>
            </Tooltip>
          )}
        </span>
      ),
    },
    {
      title: (
        <Space size={4}>
          {t('fields.relationship')}
          <Tooltip title={<RelationshipHelp />}>
            <QuestionCircleOutlined aria-label={t('relationshipHelp.title')} />
          </Tooltip>
        </Space>
      ),
      dataIndex: 'relationship',
      width: 150,
      ...list.sortable('relationship'),
      render: (_: unknown, c: Contact) => (
        <RelationshipCell
          contact={c}
          editable={canRelate}
          saving={savingOne(c.id)}
          onChange={(value) => onRelationship(c.id, value)}
        />
      ),
    },
    {
      title: t('fields.type'),
      dataIndex: 'type',
      width: 90,
      ...list.sortable('type'),
      render: (v: string) => <DictTag dict={DICT_TYPES.addressType} value={v} />,
    },
    {
      title: t('fields.gender'),
      dataIndex: 'gender',
      width: 80,
      render: (v: string) => <DictTag dict={DICT_TYPES.genderOptions} value={v} />,
    },
    {
      title: t('fields.labels'),
      dataIndex: 'labels',
      width: 180,
      render: (names: string[]) => names.map((name) => <Tag key={name}>{name}</Tag>),
    },
    { title: t('fields.wcId'), dataIndex: 'wcId', width: 180, ellipsis: true },
    { title: t('fields.friendAccount'), dataIndex: 'account', width: 120, ellipsis: true, render: dash },
    { title: t('fields.accountWcId'), dataIndex: 'accountWcId', width: 180, ellipsis: true },
    { title: t('fields.accountLogin'), dataIndex: 'accountLogin', width: 140, ellipsis: true },
    {
      title: t('crud:createdAt'),
      dataIndex: 'createdAt',
      width: TIME_WIDTH,
      ...list.sortable('createdAt'),
      render: formatTime,
    },
  ];
}
