import type { Language } from '@agent-console/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import jaJP from 'antd/locale/ja_JP';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { setFeedback } from './api/feedback';
import { usePrefersReducedMotion } from './lib/reduced-motion';
import { router } from './router';
import { installSessionExpiry } from './stores/session-store';
import { type SizeName, useSettingsStore } from './stores/settings-store';

const ANTD_LOCALES = { en: enUS, 'zh-chs': zhCN, 'zh-cht': zhTW, ja: jaJP } as const;

/** Our size names onto antd's component sizes; `default` is antd's `middle`. */
const ANTD_SIZES: Record<SizeName, 'large' | 'middle' | 'small'> = {
  large: 'large',
  default: 'middle',
  small: 'small',
};

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

installSessionExpiry(() => {
  queryClient.clear();
  const here = `${window.location.pathname}${window.location.search}`;
  if (!here.startsWith('/login'))
    void router.navigate(`/login?redirect=${encodeURIComponent(here)}`, { replace: true });
});

/** Hands antd's context-aware toast and modal functions to non-React code. */
function FeedbackBridge() {
  const app = AntApp.useApp();
  useEffect(() => setFeedback(app), [app]);
  return null;
}

export function App() {
  const { i18n } = useTranslation();
  const lang = i18n.language as Language;
  // The signed-in user's size and colour apply to the whole antd theme (defaults before sign-in).
  const size = useSettingsStore((s) => s.size);
  const color = useSettingsStore((s) => s.color);
  const reducedMotion = usePrefersReducedMotion();
  return (
    <ConfigProvider
      locale={ANTD_LOCALES[lang] ?? zhCN}
      componentSize={ANTD_SIZES[size]}
      theme={{ token: { colorPrimary: color, motion: !reducedMotion } }}
    >
      <AntApp>
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
