import { mountWidget, type WidgetLanguage } from '@agent-console/widget/ui';
import { InfoCircleOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { previewTransport } from './preview-transport';

/** The widget's language for the console's: the console names its four as the widget does. */
export function widgetLanguage(consoleLanguage: string): WidgetLanguage {
  const lang = consoleLanguage.toLowerCase();
  if (lang === 'zh-chs' || lang === 'zh-cn' || lang === 'zh-hans') return 'zh-chs';
  if (lang === 'zh-cht' || lang === 'zh-tw' || lang === 'zh-hk' || lang === 'zh-hant') return 'zh-cht';
  if (lang === 'ja' || lang.startsWith('ja-')) return 'ja';
  return 'en';
}

interface Props {
  app: { id: number; customerId: number };
}

/**
 * The real website widget, open inside a box of the drawer as it would sit in a page's corner,
 * answering through the console's chat as the signed-in operator (preview-transport.ts). A new
 * language or app draws it afresh, with a new conversation.
 */
export function WidgetPreview({ app }: Props) {
  const { t, i18n } = useTranslation('app');
  const host = useRef<HTMLDivElement>(null);
  const lang = widgetLanguage(i18n.language);
  const { id, customerId } = app;

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    // A shadow root cannot be attached twice: a remount (a new language) draws in the same one.
    const root = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
    const widget = mountWidget(root, {
      transport: previewTransport({ id, customerId }),
      lang,
      inline: true,
      startOpen: true,
    });
    return () => widget.destroy();
  }, [id, customerId, lang]);

  return (
    <div className="widget-preview-tab">
      <Typography.Paragraph type="secondary" className="widget-note">
        <InfoCircleOutlined /> {t('widget.preview.note')}
      </Typography.Paragraph>
      <div className="widget-preview-page" data-testid="widget-preview">
        <span className="widget-preview-caption" aria-hidden>
          {t('widget.preview.page')}
        </span>
        <div ref={host} />
      </div>
    </div>
  );
}
