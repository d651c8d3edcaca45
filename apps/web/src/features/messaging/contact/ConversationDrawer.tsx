import { CHAT_MESSAGE_PERMISSIONS } from '@agent-console/contracts';
import { UserOutlined } from '@ant-design/icons';
import { Alert, Avatar, Button, Drawer, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useViewport } from '../../../platform/lib/use-viewport';
import { useConversation } from '../../../platform/resources/conversation';
import { useCan } from '../../../ui/crud';
import { HandOverBar } from './HandOverBar';
import { HandReplyBox } from './HandReplyBox';
import { LeadAuditList } from './LeadAuditList';
import { Transcript } from './Transcript';
import { useTranscript } from './use-transcript';

interface Props {
  /** The contact whose conversation is open; null: closed. */
  contact: { id: number; nickname: string } | null;
  onClose(): void;
}

/**
 * A contact's conversation (issue 16): the messages as a chat, the hand-over (take over, release,
 * needs a person), a reply by hand, and the lead audit. Read again every few seconds while open;
 * nothing is asked once it is closed. Full width on a phone.
 */
export function ConversationDrawer({ contact, onClose }: Props) {
  const { t } = useTranslation('chat-address');
  const can = useCan();
  const phone = useViewport() === 'phone';
  const contactId = contact?.id ?? null;
  const query = useConversation(contactId);
  // A poll's answer about another contact (the drawer was switched) is not shown.
  const view = query.data?.contact.id === contactId ? query.data : undefined;
  const transcript = useTranscript(contactId, view);
  const [tab, setTab] = useState('messages');
  const [highlight, setHighlight] = useState<{ id: number } | null>(null);

  const showMessage = async (id: number) => {
    setTab('messages');
    if (await transcript.find(id)) setHighlight({ id });
  };

  const captured = view?.leads.items.filter((i) => i.captured).length ?? 0;
  const title = (
    <Space size={8} wrap>
      <Avatar size="small" src={view?.contact.avatar ?? undefined} icon={<UserOutlined />} />
      <span>{t('conversation.title', { name: contact?.nickname ?? '' })}</span>
      {view?.state.needsPerson && <Tag color="red">{t('needsPerson')}</Tag>}
      {view?.state.paused && <Tag color="orange">{t('agentPaused')}</Tag>}
    </Space>
  );

  let body: React.ReactNode;
  if (!view && query.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('conversation.loadFailed')}
        description={query.error instanceof Error ? query.error.message : undefined}
        action={
          <Button size="small" onClick={() => void query.refetch()} data-testid="conversation-retry">
            {t('conversation.retry')}
          </Button>
        }
        data-testid="conversation-error"
      />
    );
  } else if (!view) {
    body = (
      <div className="conv-loading" data-testid="conversation-loading">
        <Spin />
        <Typography.Text type="secondary">{t('conversation.loading')}</Typography.Text>
      </div>
    );
  } else {
    body = (
      <div className="conv-body">
        <HandOverBar view={view} />
        {query.isError && (
          // Shown while the last good answer stays on screen; the next poll tries again.
          <Alert type="warning" showIcon title={t('conversation.loadFailed')} className="conv-stale" />
        )}
        <Tabs
          activeKey={tab}
          onChange={setTab}
          className="conv-tabs"
          items={[
            {
              key: 'messages',
              label: t('conversation.tabMessages'),
              children: (
                <div className="conv-messages">
                  <Transcript
                    messages={transcript.messages}
                    hasEarlier={transcript.hasEarlier}
                    loadingEarlier={transcript.loading}
                    earlierFailed={transcript.error}
                    onLoadEarlier={() => void transcript.loadEarlier()}
                    highlight={highlight}
                  />
                  {can(CHAT_MESSAGE_PERMISSIONS.send) && <HandReplyBox view={view} />}
                </div>
              ),
            },
            {
              key: 'leads',
              label: (
                <span data-testid="conversation-tab-leads">
                  {t('conversation.tabLeads', { captured, total: view.leads.items.length })}
                </span>
              ),
              children: <LeadAuditList leads={view.leads} onShowMessage={(id) => void showMessage(id)} />,
            },
          ]}
        />
      </div>
    );
  }

  return (
    <Drawer
      open={contact !== null}
      onClose={onClose}
      size={phone ? '100%' : 640}
      title={title}
      destroyOnHidden
      afterOpenChange={(open) => {
        if (!open) {
          setTab('messages');
          setHighlight(null);
        }
      }}
      className="conv-drawer"
      data-testid="conversation-drawer"
    >
      {body}
    </Drawer>
  );
}
