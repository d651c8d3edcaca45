import { isLanguage, pickLanguage } from '@agent-console/contracts';
import { mountWidget } from '@agent-console/widget/ui';
import { InfoCircleOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { previewTransport } from './preview-transport';

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
  // The console names its four languages as the widget does.
  const lang = isLanguage(i18n.language) ? i18n.language : pickLanguage(i18n.language);
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
