import type { Language } from '@agent-console/contracts';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import jaJP from 'antd/locale/ja_JP';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { setFeedback } from '../platform/api/feedback';
import { usePrefersReducedMotion } from '../platform/lib/reduced-motion';
import { type SizeName, useSettingsStore } from '../platform/stores/settings-store';

const ANTD_LOCALES = { en: enUS, 'zh-chs': zhCN, 'zh-cht': zhTW, ja: jaJP } as const;

/** Our size names onto antd's component sizes; `default` is antd's `middle`. */
const ANTD_SIZES: Record<SizeName, 'large' | 'middle' | 'small'> = {
  large: 'large',
  default: 'middle',
  small: 'small',
};

/** Hands antd's context-aware toast and modal functions to non-React code. */
function FeedbackBridge() {
  const app = AntApp.useApp();
  useEffect(() => setFeedback(app), [app]);
  return null;
}

/**
 * antd's theme, locale and App context, for what is drawn with antd: the shell, the anonymous 404
 * page and the toast host. Never imported by the sign-in page, which has no antd. The signed-in
 * user's size and colour apply to the whole theme (defaults before sign-in).
 */
export function AntdProviders({ children, feedback = false }: { children?: ReactNode; feedback?: boolean }) {
  const { i18n } = useTranslation();
  const lang = i18n.language as Language;
  const size = useSettingsStore((s) => s.size);
  const color = useSettingsStore((s) => s.color);
  const reducedMotion = usePrefersReducedMotion();
  // A new theme object is a new theme: every antd component would work its tokens out again.
  const theme = useMemo(() => ({ token: { colorPrimary: color, motion: !reducedMotion } }), [color, reducedMotion]);
  return (
    <ConfigProvider locale={ANTD_LOCALES[lang] ?? zhCN} componentSize={ANTD_SIZES[size]} theme={theme}>
      <AntApp>
        {feedback && <FeedbackBridge />}
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
