import { type CONTACT_SORT_FIELDS, type Contact, DICT_TYPES, type Relationship } from '@agent-console/contracts';
import { MessageOutlined, QuestionCircleOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Space, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CrudColumns } from '../../../ui/crud';
import { DictTag } from '../../../ui/dict/DictTag';
import { RelationshipCell } from './RelationshipCell';
import { RelationshipHelp } from './RelationshipHelp';

const dash = (v: string | null) => v ?? '—';
/** Labels drawn in the cell; the others are counted ("+3") and named in a tooltip. */
const LABELS_SHOWN = 2;

interface Options {
  /** The list's columns (`useCrudList`'s `column`). */
  column: CrudColumns<Contact, (typeof CONTACT_SORT_FIELDS)[number]>;
  canRelate: boolean;
  /** Whether the relationship of this one contact is being saved (its select shows it). */
  savingOne(id: number): boolean;
  onRelationship(id: number, value: Relationship): void;
  onConversation(contact: Contact): void;
}

/**
 * The contacts table's columns, sized to fit a 1440 px screen with the side menu open (issue 37):
 * who first, in one cell (avatar, nickname with "needs a person", "agent paused" and "gone", the
 * wcId under it, and the conversation button), then relationship, type, gender, labels, the
 * friend's account and when the contact came. The account's own ids (the list is of one account
 * anyway) are offered by the column picker. Long text clips, its whole value in a tooltip.
 */
export function useContactColumns({
  column,
  canRelate,
  savingOne,
  onRelationship,
  onConversation,
}: Options): TableColumnsType<Contact> {
  const { t } = useTranslation(['chat-address', 'crud']);
  return [
    column.sortable('nickname', t('columns.contact'), {
      width: 260,
      render: (_: string, c: Contact) => <ContactCell contact={c} onConversation={onConversation} />,
    }),
    column.sortable(
      'relationship',
      <Space size={4}>
        {t('fields.relationship')}
        <Tooltip title={<RelationshipHelp />}>
          <QuestionCircleOutlined aria-label={t('relationshipHelp.title')} />
        </Tooltip>
      </Space>,
      {
        width: 150,
        render: (_: unknown, c: Contact) => (
          <RelationshipCell
            contact={c}
            editable={canRelate}
            saving={savingOne(c.id)}
            onChange={(value) => onRelationship(c.id, value)}
          />
        ),
      },
    ),
    column.sortable('type', t('fields.type'), {
      width: 90,
      render: (v: string) => <DictTag dict={DICT_TYPES.addressType} value={v} />,
    }),
    {
      title: t('fields.gender'),
      dataIndex: 'gender',
      width: 80,
      render: (v: string) => <DictTag dict={DICT_TYPES.genderOptions} value={v} />,
    },
    {
      title: t('fields.labels'),
      dataIndex: 'labels',
      width: 170,
      render: (names: string[]) => <LabelTags names={names} />,
    },
    { title: t('fields.friendAccount'), dataIndex: 'account', width: 120, ellipsis: true, render: dash },
    column.createdAt({ short: true }),
    { title: t('fields.accountWcId'), dataIndex: 'accountWcId', width: 160, ellipsis: true, hidden: true },
    { title: t('fields.accountLogin'), dataIndex: 'accountLogin', width: 130, ellipsis: true, hidden: true },
  ];
}

/** Labels as tags, at most two in the cell; all of them in the tooltip of "+n". */
function LabelTags({ names }: { names: string[] }) {
  const shown = names.slice(0, LABELS_SHOWN);
  const rest = names.length - shown.length;
  return (
    <>
      {shown.map((name) => (
        <Tag key={name} className="chat-address-label">
          {name}
        </Tag>
      ))}
      {rest > 0 && (
        <Tooltip title={names.join(', ')}>
          <Tag tabIndex={0}>+{rest}</Tag>
        </Tooltip>
      )}
    </>
  );
}

/** The first column: who the contact is, its flags and the button that opens the conversation. */
function ContactCell({ contact: c, onConversation }: { contact: Contact; onConversation(contact: Contact): void }) {
  const { t } = useTranslation('chat-address');
  return (
    <div className="chat-address-contact crud-cell-clip">
      <Avatar size="small" src={c.avatar ?? undefined} icon={<UserOutlined />} />
      <div className="chat-address-contact-text">
        <span data-testid={`contact-${c.id}`} data-needs-person={c.needsPerson} className="chat-address-contact-name">
          <Typography.Text ellipsis={{ tooltip: c.nickname }}>{c.nickname}</Typography.Text>
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
        <Typography.Text type="secondary" className="chat-address-contact-id" ellipsis={{ tooltip: c.wcId }}>
          {c.wcId}
        </Typography.Text>
      </div>
      <Tooltip title={t('conversation.openOf', { name: c.nickname })}>
        <Button
          size="small"
          icon={<MessageOutlined />}
          aria-label={t('conversation.openOf', { name: c.nickname })}
          onClick={() => onConversation(c)}
          data-testid={`conversation-open-${c.id}`}
        />
      </Tooltip>
    </div>
  );
}
