import { ClockCircleOutlined, MobileOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginState } from './login-machine';

type Shown = Extract<LoginState, { step: 'qrShown' }>;

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** Only a web address is offered as a link (the simulator's phone page); anything else is no link. */
const isWebAddress = (text: string) => /^https?:\/\//i.test(text);

/**
 * The QR code with its countdown and what the phone has done so far (waiting, scanned), plus the
 * verification-code field when the gateway asks for one. With the built-in simulator the code
 * encodes its phone page, offered as a link for a person without a phone.
 */
export function QrPanel({
  state,
  secondsLeft,
  onCode,
}: {
  state: Shown;
  secondsLeft: number;
  onCode(code: string): void;
}) {
  const { t } = useTranslation('chat-account');
  const [code, setCode] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const { session } = state;
  // The "Get QR code" button has gone: focus moves to the code, so keyboard and reader follow.
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => root.current?.focus(), []);
  return (
    <div className="chat-login-qr" ref={root} tabIndex={-1}>
      <img src={session.qrImage} alt={t('login.qrAlt')} width={220} height={220} data-testid="login-qr" />
      <div
        className={secondsLeft <= 10 ? 'chat-login-countdown chat-login-countdown-low' : 'chat-login-countdown'}
        data-testid="login-countdown"
        data-seconds={secondsLeft}
        // Read out on demand, not every second.
        aria-live="off"
      >
        <ClockCircleOutlined /> {t('login.expiresIn', { time: clock(secondsLeft) })}
      </div>
      <Typography.Text strong={state.scanned} type={state.scanned ? 'success' : undefined} data-testid="login-status">
        {state.scanned ? t('login.scanned') : t('login.waiting')}
      </Typography.Text>
      {state.needsCode && (
        <Space.Compact className="chat-login-code">
          <Input
            autoFocus
            maxLength={16}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            placeholder={t('login.codePlaceholder')}
            aria-label={t('login.codePlaceholder')}
            onPressEnter={() => {
              onCode(code);
              setCodeSent(true);
            }}
            data-testid="login-code"
          />
          <Button
            type="primary"
            disabled={!code.trim()}
            onClick={() => {
              onCode(code);
              setCodeSent(true);
            }}
            data-testid="login-code-submit"
          >
            {codeSent ? t('login.codeSent') : t('login.codeSubmit')}
          </Button>
        </Space.Compact>
      )}
      <Alert type="info" showIcon title={t('hints.slow')} className="chat-login-hint" />
      {isWebAddress(session.qrContent) && (
        <a
          href={session.qrContent}
          target="_blank"
          rel="noreferrer"
          className="chat-login-phone-link"
          data-testid="login-phone-link"
        >
          <MobileOutlined /> {t('login.phoneLink')}
        </a>
      )}
    </div>
  );
}
