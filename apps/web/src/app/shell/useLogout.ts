import { useTranslation } from 'react-i18next';
import { feedback } from '../../platform/api/feedback';
import { useSessionStore } from '../../platform/stores/session-store';
import { navigateTo } from '../router/navigate';
import { signInAddress } from '../router/sign-in-target';

/**
 * Logout with optional confirmation (SPEC §4). The confirm dialog's mask greys the page while
 * asking; cancelling says "logout cancelled". Then: call logout, remove the token and uuid
 * cookies, clear page data, close all tabs, clear user info (all in the session store's logout),
 * go to sign-in with a redirect.
 */
export function useLogout() {
  const { t } = useTranslation();
  const logout = useSessionStore((s) => s.logout);

  const run = async () => {
    // Read when logging out: the user menu need not re-render on every navigation.
    const redirect = `${window.location.pathname}${window.location.search}`;
    const who = useSessionStore.getState().user?.username ?? null;
    await logout();
    navigateTo(signInAddress(who, redirect), { replace: true });
  };

  return ({ confirm }: { confirm: boolean }) => {
    const modal = feedback.modal();
    if (!confirm || !modal) return run();
    modal.confirm({
      title: t('logout.title'),
      content: t('logout.confirm'),
      okText: t('actions.confirm'),
      cancelText: t('actions.cancel'),
      maskClosable: false,
      onOk: run,
      onCancel: () => feedback.info(t('logout.cancelled')),
    });
  };
}
