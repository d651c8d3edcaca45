import { RobotOutlined } from '@ant-design/icons';
import { Button, Result, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { resolveRoute } from '../../../platform/navigation/resolve-route';
import { useAgentChatApps } from '../../../platform/resources/agent-chat';
import { useMenuStore } from '../../../platform/stores/menu-store';
import { useSessionStore } from '../../../platform/stores/session-store';
import { AppPicker } from './AppPicker';
import { ChatInput } from './ChatInput';
import { ChatMessages } from './ChatMessages';
import { useChatStore } from './chat-store';
import { isStreaming, stopStreaming, useChatRestore, useChatSend } from './use-chat';

const APP_INFO_PATH = '/app/info';

/** No app to talk to: say what an app is and, for those who may, where to create one. */
function NoApps({ onNavigate }: { onNavigate(): void }) {
  const { t } = useTranslation('shell');
  const routes = useMenuStore((s) => s.routes);
  const permissions = useSessionStore((s) => s.user?.permissions ?? []);
  const mayCreate = resolveRoute(APP_INFO_PATH, routes, permissions).kind === 'page';
  return (
    <Result
      className="chat-state"
      icon={<RobotOutlined />}
      title={t('chat.noAppsTitle')}
      subTitle={mayCreate ? t('chat.noAppsCreate') : t('chat.noAppsAsk')}
      data-testid="chat-no-apps"
      extra={
        mayCreate && (
          <Link to={APP_INFO_PATH} onClick={onNavigate}>
            {t('chat.openAppInfo')}
          </Link>
        )
      }
    />
  );
}

/**
 * The chat window's body: the app picker, the conversation and the question box. The
 * conversation lives in the chat store, so closing the window (which unmounts this) keeps it;
 * an answer still streaming when the window closes is stopped.
 */
export function ChatPanel({ onNavigate }: { onNavigate(): void }) {
  const { t } = useTranslation('shell');
  const apps = useAgentChatApps(true);
  const ready = useChatRestore(apps.data);
  const turns = useChatStore((s) => s.turns);
  const customerId = useChatStore((s) => s.customerId);
  const appId = useChatStore((s) => s.appId);
  const { send, retry } = useChatSend();
  useEffect(() => stopStreaming, []);

  if (apps.isError) {
    return (
      <Result
        className="chat-state"
        status="warning"
        title={t('chat.errors.appsFailed')}
        subTitle={apps.error.message}
        data-testid="chat-apps-failed"
        extra={
          <Button onClick={() => void apps.refetch()} loading={apps.isFetching}>
            {t('chat.retry')}
          </Button>
        }
      />
    );
  }
  if (!apps.data || !ready) {
    return (
      <div className="chat-state chat-loading" data-testid="chat-loading">
        <Spin />
      </div>
    );
  }
  if (!apps.data.length) return <NoApps onNavigate={onNavigate} />;
  const streaming = isStreaming(turns);
  const appName =
    apps.data.find((c) => c.customerId === customerId)?.apps.find((a) => a.id === appId)?.name ?? t('chat.title');
  return (
    <div className="chat-body">
      <AppPicker customers={apps.data} disabled={streaming} />
      <ChatMessages turns={turns} appName={appName} onRetry={(turn) => void retry(turn)} onSourceOpened={onNavigate} />
      <ChatInput canSend={!!appId && !streaming} onSend={(message) => void send(message)} appName={appName} />
    </div>
  );
}
