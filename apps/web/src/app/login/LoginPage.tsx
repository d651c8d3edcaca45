import { APP_VERSION, type CurrentUser, type LoginResponse } from '@agent-console/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { authApi } from '../../platform/api/auth';
import { feedback } from '../../platform/api/feedback';
import { hasToken, useSessionStore } from '../../platform/stores/session-store';
import { type SignInState, safeRedirect, targetAfterSignIn } from '../router/sign-in-target';
import { AuthTabs } from './AuthTabs';
import { LanguageMenu } from './LanguageMenu';
import { LoginForm, type LoginValues } from './LoginForm';
import '../../ui/plain/plain.css';
import './login.css';
import { RegisterForm, type RegisterValues } from './RegisterForm';
import { TryDemo } from './TryDemo';

/**
 * Sign-in and registration. Drawn without antd (plain controls styled like it), so that this page
 * loads only React, the router and the texts; the shell and antd follow once signed in.
 */
export function LoginPage() {
  const { t } = useTranslation('login');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const login = useSessionStore((s) => s.login);
  const startSession = useSessionStore((s) => s.startSession);
  const [tab, setTab] = useState<'login' | 'register'>('login');
  const [prefill, setPrefill] = useState<string>();
  const target = safeRedirect(params.get('redirect'));

  if (hasToken() && useSessionStore.getState().loggedIn) return <Navigate to={target} replace />;

  /** After any sign-in: the greeting, then where the person was going. */
  const signedIn = (user: CurrentUser) => {
    feedback.success(t('success.login', { name: user.nickName }));
    const state: SignInState = { fromSignIn: true };
    navigate(targetAfterSignIn(user.username, params.get('redirect')), { replace: true, state });
  };
  const signIn = async ({ username, password }: LoginValues) => signedIn(await login(username.trim(), password));
  // The demo session is a normal one, started as every sign-in's is.
  const signInDemo = async (answer: LoginResponse) => signedIn(await startSession(answer));

  const register = async (values: RegisterValues) => {
    await authApi.register({
      username: values.username.trim(),
      password: values.password,
      confirmPassword: values.confirmPassword,
      invitationCode: values.invitationCode.trim(),
      agreement: true,
      ...(values.nickName.trim() ? { nickName: values.nickName.trim() } : {}),
    });
    feedback.success(t('success.register'));
    try {
      await signIn({ username: values.username, password: values.password });
    } catch {
      // SPEC §4: after registering an automatic sign-in is tried; if it fails, say so.
      feedback.warning(t('autoLoginFailed'), 6);
      setPrefill(values.username.trim());
      setTab('login');
    }
  };

  return (
    <div className="login-page">
      <header className="login-topbar">
        <LanguageMenu />
      </header>
      <section className="login-brand" aria-hidden="true">
        <img src="/logo.svg" alt="" width={72} height={72} />
        <h1>{t('common:productName')}</h1>
        <p>{t('subtitle')}</p>
      </section>
      <main className="login-main">
        <div className="login-card">
          <h3 className="login-title">{t('welcome')}</h3>
          <AuthTabs
            active={tab}
            onChange={setTab}
            tabs={[
              {
                key: 'login',
                label: t('tabs.login'),
                content: <LoginForm key={prefill ?? ''} initialUsername={prefill} onSubmit={signIn} />,
              },
              { key: 'register', label: t('tabs.register'), content: <RegisterForm onSubmit={register} /> },
            ]}
          />
          <TryDemo onSignIn={signInDemo} />
        </div>
        <footer className="login-footer">{t('footer', { version: APP_VERSION })}</footer>
      </main>
    </div>
  );
}
