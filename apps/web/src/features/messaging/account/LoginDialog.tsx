import { type ChatAccount, DICT_TYPES } from '@agent-console/contracts';
import { Alert, Button, Form, Modal, Result, Select, Steps } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useDict } from '../../../platform/stores/dict-store';
import { CustomerTreeSelect } from '../../../ui/pickers/CustomerTreeSelect';
import { AccountProgressPanel } from './AccountProgressPanel';
import type { LoginStep } from './login-machine';
import { QrPanel } from './QrPanel';
import { useLoginFlow } from './use-login-flow';

interface Props {
  open: boolean;
  /** With `mode` login: the offline account to log in again; null for a new account. */
  account: ChatAccount | null;
  mode: 'login' | 'init';
  onClose(): void;
}

/** Where each state sits on the steps bar, and whether it is an error there. */
const STEP_AT: Record<LoginStep, { at: number; error?: boolean }> = {
  selectRegion: { at: 0 },
  requesting: { at: 0 },
  qrFailed: { at: 0, error: true },
  qrShown: { at: 1 },
  qrExpired: { at: 1, error: true },
  loginFailed: { at: 1, error: true },
  success: { at: 2 },
  initialisingContacts: { at: 3 },
  initFailed: { at: 3, error: true },
  started: { at: 4 },
};

/**
 * The messaging-account login dialog (WAVE2 §1.3): choose the phone's region, scan the QR code
 * before its countdown ends, then the contacts are initialised and the account starts. Every
 * error state says what happened and offers its way on (regenerate, retry, retry initialisation).
 * Opened with `mode` init, it only (re)initialises an account's contacts.
 */
export function LoginDialog({ open, account, mode, onClose }: Props) {
  const { t } = useTranslation(['chat-account', 'crud']);
  const regions = useDict(DICT_TYPES.chatRegion);
  const flow = useLoginFlow({ open, account, mode });
  // The region select gets the focus once the dialog shows it: the dialog first focuses itself, and
  // an element not yet shown cannot take the focus, so it is tried on each frame until it holds.
  const regionBox = useRef<HTMLDivElement>(null);
  // "Select a region first" sends the focus back to the select too.
  const choosing = open && flow.state.step === 'selectRegion';
  const missing = flow.state.step === 'selectRegion' && flow.state.regionMissing;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `missing` is a trigger
  useEffect(() => {
    if (!choosing) return;
    let frame = 0;
    let tries = 0;
    const attempt = () => {
      const input = regionBox.current?.querySelector('input');
      input?.focus();
      if (document.activeElement !== input && tries++ < 30) frame = requestAnimationFrame(attempt);
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
  }, [choosing, missing]);
  const { state } = flow;
  const place = STEP_AT[state.step];
  const title =
    mode === 'init' && account
      ? t('login.initTitle', { name: account.nickname })
      : account
        ? t('login.reloginTitle', { name: account.nickname })
        : t('login.title');

  const failure = (heading: string, reason: string | null, action: string, onClick: () => void, testId: string) => (
    <Result
      status="error"
      title={<span data-testid="login-error">{heading}</span>}
      subTitle={reason}
      extra={
        <Button type="primary" autoFocus onClick={onClick} data-testid={testId}>
          {action}
        </Button>
      }
    />
  );

  const body = () => {
    switch (state.step) {
      case 'selectRegion':
      case 'requesting':
        return (
          <Form layout="vertical" onFinish={() => void flow.requestQr()} data-testid="login-region-form">
            {/* The region is needed (it picks the gateway's proxy); the customer defaults to one's own. */}
            <Form.Item
              required
              label={t('login.region')}
              extra={t('login.regionHint')}
              {...(state.step === 'selectRegion' && state.regionMissing
                ? {
                    validateStatus: 'error' as const,
                    help: (
                      <span role="alert" data-testid="login-region-error">
                        {t('login.regionRequired')}
                      </span>
                    ),
                  }
                : {})}
            >
              <div ref={regionBox}>
                <Select<number>
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder={t('login.regionPlaceholder')}
                  value={flow.region}
                  onChange={(value) => flow.setRegion(value)}
                  options={regions.options.map((o) => ({ value: Number(o.value), label: o.label }))}
                  aria-label={t('login.region')}
                  data-testid="login-region"
                />
              </div>
            </Form.Item>
            {!account && (
              <Form.Item label={t('login.customer')} extra={t('login.customerHint')}>
                <CustomerTreeSelect
                  value={flow.customerId}
                  onChange={(value) => flow.setCustomerId(value ?? undefined)}
                  placeholder={t('login.customerPlaceholder')}
                  data-testid="login-customer"
                />
              </Form.Item>
            )}
            <Alert type="info" showIcon title={t('hints.slow')} className="chat-login-hint" />
            <Button
              type="primary"
              htmlType="submit"
              block
              loading={state.step === 'requesting'}
              data-testid="login-get-qr"
            >
              {t('login.getQr')}
            </Button>
          </Form>
        );
      case 'qrShown':
        return <QrPanel state={state} secondsLeft={flow.secondsLeft} onCode={flow.submitCode} />;
      case 'qrExpired':
        return (
          <Result
            status="warning"
            title={<span data-testid="login-error">{t('login.expired')}</span>}
            subTitle={t('login.expiredHint')}
            extra={
              <Button type="primary" autoFocus onClick={() => void flow.requestQr()} data-testid="login-regenerate">
                {t('login.regenerate')}
              </Button>
            }
          />
        );
      case 'qrFailed':
        return failure(t('login.qrFailed'), state.reason, t('login.retry'), flow.retry, 'login-retry');
      case 'loginFailed':
        // A cancel is the person's own choice, said in their language; another failure keeps the
        // gateway's words, which only it can give.
        return state.cancelled
          ? failure(t('login.cancelled'), t('login.cancelledHint'), t('login.retry'), flow.retry, 'login-retry')
          : failure(t('login.loginFailed'), state.reason, t('login.retry'), flow.retry, 'login-retry');
      default:
        return (
          <AccountProgressPanel
            state={state}
            onRetryInit={() => void flow.retryInit()}
            retrying={flow.initStarting}
            onDone={onClose}
          />
        );
    }
  };

  return (
    <Modal open={open} title={title} onCancel={onClose} footer={null} width={560} destroyOnHidden maskClosable={false}>
      <div data-testid="login-dialog" data-step={state.step}>
        {mode === 'login' && (
          <Steps
            size="small"
            className="chat-login-steps"
            current={place.at}
            status={place.error ? 'error' : place.at === 4 ? 'finish' : 'process'}
            items={[
              { title: t('steps.region') },
              { title: t('steps.scan') },
              { title: t('steps.success') },
              { title: t('steps.contacts') },
              { title: t('steps.started') },
            ]}
          />
        )}
        <div aria-live="polite">{body()}</div>
      </div>
    </Modal>
  );
}
