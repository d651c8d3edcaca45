import { UserOutlined } from '@ant-design/icons';
import { Alert, Avatar, Button, Progress, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginState } from './login-machine';

type AfterLogin = Extract<LoginState, { step: 'success' | 'initialisingContacts' | 'initFailed' | 'started' }>;

/** Percent of the contacts read so far; unknown totals show an empty bar rather than a guess. */
const percentOf = (state: AfterLogin) =>
  state.step === 'started'
    ? 100
    : state.step === 'initialisingContacts' && state.total > 0
      ? Math.min(99, Math.floor((state.processed / state.total) * 100))
      : 0;

/**
 * After the QR login: the account's profile, then the contact initialisation with its progress,
 * its failure (retried without a new QR code) or the start, with the 48-hour hint.
 */
export function AccountProgressPanel({
  state,
  retrying,
  onRetryInit,
  onDone,
}: {
  state: AfterLogin;
  retrying: boolean;
  onRetryInit(): void;
  onDone(): void;
}) {
  const { t } = useTranslation('chat-account');
  const { account } = state;
  // The QR code has gone: focus moves here, so keyboard and reader follow the login.
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => root.current?.focus(), []);
  return (
    <div className="chat-login-result" ref={root} tabIndex={-1}>
      <div className="chat-login-profile" data-testid="login-profile">
        <Avatar size={56} src={account.avatar ?? undefined} icon={<UserOutlined />} />
        <div>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {account.nickname}
          </Typography.Title>
          <Typography.Text type="secondary">{account.account}</Typography.Text>
          {account.signature && <div className="chat-login-signature">{account.signature}</div>}
        </div>
      </div>
      {state.step === 'initFailed' ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={<span data-testid="login-error">{t('login.initFailed')}</span>}
          description={state.reason}
          action={
            <Button
              size="small"
              danger
              autoFocus
              loading={retrying}
              onClick={onRetryInit}
              data-testid="login-init-retry"
            >
              {t('login.retryInit')}
            </Button>
          }
        />
      ) : (
        <div data-testid="login-init">
          <Typography.Text>
            {state.step === 'success'
              ? t('login.success')
              : state.step === 'started'
                ? t('login.initDone', { count: state.contacts })
                : state.total > 0
                  ? t('login.initProgress', { processed: state.processed, total: state.total })
                  : t('login.initQueued')}
          </Typography.Text>
          <Progress
            percent={percentOf(state)}
            status={state.step === 'started' ? 'success' : 'active'}
            data-testid="login-init-progress"
          />
        </div>
      )}
      {state.step === 'started' && (
        <>
          <Alert
            type="success"
            showIcon
            title={<span data-testid="login-started">{t('login.started')}</span>}
            description={t('hints.firstDrop')}
          />
          <Button type="primary" block autoFocus onClick={onDone} data-testid="login-done">
            {t('login.done')}
          </Button>
        </>
      )}
    </div>
  );
}
