import type { App } from '@agent-console/contracts';
import { Drawer, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useViewport } from '../../../platform/lib/use-viewport';
import { ListLocationContext } from '../../../ui/crud/use-list-state';
import { VisitorList } from './VisitorList';
import { WidgetInstall } from './WidgetInstall';
import { WidgetPreview } from './WidgetPreview';
import './widget.css';

interface Props {
  /** The app, as the list shows it now (a new key, a new state); null: closed. */
  app: App | null;
  onClose(): void;
  /** Opens the app's dialog (its allowed web pages); absent without the permission. */
  onEdit?: ((app: App) => void) | undefined;
  /** Starts the app; absent without the permission. */
  onStart?: ((app: App) => void) | undefined;
  /** Opens on the visitors waiting for a person (Home's link) instead of Install. */
  waiting?: boolean;
}

/**
 * "Website widget" of an app (issue 36): the tag to put on a website, the widget itself to try,
 * and the conversations of the website's visitors. Each opening starts afresh on Install; full
 * width on a phone.
 */
export function WidgetDrawer({ app, onClose, onEdit, onStart, waiting = false }: Props) {
  const { t } = useTranslation('app');
  const phone = useViewport() === 'phone';
  const [tab, setTab] = useState(waiting ? 'visitors' : 'install');
  // Home's link opens an app's drawer on its waiting visitors, even with the drawer's state kept.
  useEffect(() => {
    if (waiting) setTab('visitors');
  }, [waiting]);

  return (
    <Drawer
      open={app !== null}
      onClose={onClose}
      size={phone ? '100%' : 760}
      title={app ? t('widget.title', { name: app.name }) : ''}
      destroyOnHidden
      afterOpenChange={(open) => {
        if (!open) setTab('install');
      }}
      className="widget-drawer"
      data-testid="widget-drawer"
    >
      {app && (
        <ListLocationContext.Provider value={false}>
          <Tabs
            activeKey={tab}
            onChange={setTab}
            items={[
              {
                key: 'install',
                label: <span data-testid="widget-tab-install">{t('widget.tabs.install')}</span>,
                children: (
                  <WidgetInstall
                    app={app}
                    onEdit={onEdit && (() => onEdit(app))}
                    onStart={onStart && (() => onStart(app))}
                  />
                ),
              },
              {
                key: 'preview',
                label: <span data-testid="widget-tab-preview">{t('widget.tabs.preview')}</span>,
                children: <WidgetPreview app={app} />,
              },
              {
                key: 'visitors',
                label: <span data-testid="widget-tab-visitors">{t('widget.tabs.visitors')}</span>,
                children: <VisitorList appId={app.id} onLeave={onClose} waitingOnly={waiting} />,
              },
            ]}
          />
        </ListLocationContext.Provider>
      )}
    </Drawer>
  );
}
