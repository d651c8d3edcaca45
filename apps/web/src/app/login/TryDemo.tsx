import { PlayCircleOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { demoApi } from '../../platform/api/demo';
import { PlainButton } from '../../ui/plain/PlainButton';
import { FormError } from './FormError';

interface Props {
  /** Runs the normal post-sign-in flow with the demo session's answer. */
  onSignIn(answer: Awaited<ReturnType<typeof demoApi.login>>): Promise<void>;
}

/**
 * "Try the demo" (SPEC §7, demo login): shown only when the server says it runs in demo mode;
 * elsewhere nothing is drawn and the demo login does not exist on the server.
 */
export function TryDemo({ onSignIn }: Props) {
  const { t } = useTranslation('login');
  const [enabled, setEnabled] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    demoApi
      .mode()
      .then((mode) => live && setEnabled(mode.enabled))
      // A server that cannot say offers no demo: the sign-in form is all there is.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  if (!enabled) return null;

  const start = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await onSignIn(await demoApi.login());
    } catch {
      // SPEC §8: "Mock login failure (demo only): account or password incorrect".
      setFailed(true);
      setBusy(false);
    }
  };

  return (
    <div className="login-demo" data-testid="login-demo">
      <div className="login-demo-divider">{t('demo.or')}</div>
      {failed && <FormError message={t('demo.failed')} testId="login-demo-error" />}
      <PlainButton
        type="button"
        size="large"
        block
        loading={busy}
        icon={<PlayCircleOutlined />}
        onClick={() => void start()}
        data-testid="login-try-demo"
      >
        {t('demo.try')}
      </PlainButton>
      <p className="login-demo-note">{t('demo.note')}</p>
    </div>
  );
}
