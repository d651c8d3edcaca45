import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { feedback } from '../api/feedback';
import { useSessionStore } from '../stores/session-store';

/**
 * Logout with optional confirmation (SPEC §4). The confirm dialog's mask greys the page while
 * asking; cancelling says "logout cancelled". Then: call logout, remove the token and uuid
 * cookies, clear page data, close all tabs, clear user info, go to sign-in with a redirect.
 */
export function useLogout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const logout = useSessionStore((s) => s.logout);
  const queryClient = useQueryClient();

  const run = async () => {
    const redirect = `${location.pathname}${location.search}`;
    await logout();
    queryClient.clear();
    navigate(`/login?redirect=${encodeURIComponent(redirect)}`, { replace: true });
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
