import { APP_INFO_PERMISSIONS, type App } from '@agent-console/contracts';
import { SyncOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../platform/api/feedback';
import { appInfoApi, useAppMutation } from '../../../platform/resources/app-info';
import { useCan, useConfirm } from '../../../ui/crud';
import { widgetScriptTag } from './app-address';

interface Props {
  app: App;
  /** Opens the app's dialog, where its allowed web pages are edited; absent without the permission. */
  onEdit?: (() => void) | undefined;
  /** Starts the app; absent without the permission. */
  onStart?: (() => void) | undefined;
}

/**
 * How a business puts the agent on its website: the script tag to paste, what still keeps it
 * from answering (no allowed web page, the app stopped), the tag's options, and a new key.
 */
export function WidgetInstall({ app, onEdit, onStart }: Props) {
  const { t } = useTranslation(['app', 'crud']);
  const can = useCan();
  const confirm = useConfirm();
  const rotate = useAppMutation((id: number) => appInfoApi.rotateWidgetKey(id));
  // The new key shows at once; the list's refresh brings the same key in the app's row.
  const [rotated, setRotated] = useState<{ from: string; to: string } | null>(null);
  const widgetKey = rotated?.from === app.widgetKey ? rotated.to : app.widgetKey;
  const tag = widgetScriptTag(app.port, widgetKey);
  const origins = app.allowedOrigins;
  const running = app.status === 'running';

  const rotateKey = () =>
    confirm({
      title: t('widget.install.confirmRotate.title', { name: app.name }),
      content: t('widget.install.confirmRotate.content'),
      okText: t('widget.install.confirmRotate.ok'),
      cancelText: t('crud:cancel'),
      okTestId: 'widget-confirm-rotate',
      run: async () => {
        const { widgetKey: next } = await rotate.mutateAsync(app.id);
        setRotated({ from: app.widgetKey, to: next });
        feedback.success(t('widget.install.rotated'));
      },
    });

  return (
    <div className="widget-install">
      {(origins.length === 0 || !running) && (
        <div className="widget-alerts">
          {origins.length === 0 && (
            <Alert
              type="warning"
              showIcon
              title={t('widget.install.noOrigins')}
              action={
                onEdit && (
                  <Button size="small" onClick={onEdit} data-testid="widget-edit-app">
                    {t('crud:edit')}
                  </Button>
                )
              }
              data-testid="widget-no-origins"
            />
          )}
          {!running && (
            <Alert
              type="warning"
              showIcon
              title={t('widget.install.notRunning')}
              action={
                onStart &&
                app.status !== 'starting' &&
                app.status !== 'stopping' && (
                  <Button size="small" onClick={onStart} data-testid="widget-start-app">
                    {t('actions.start')}
                  </Button>
                )
              }
              data-testid="widget-not-running"
            />
          )}
        </div>
      )}

      <section>
        <Typography.Title level={5}>{t('widget.install.tagTitle')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('widget.install.intro')}</Typography.Paragraph>
        <Typography.Paragraph
          copyable={{ text: tag, tooltips: [t('widget.install.copy'), t('widget.install.copied')] }}
          className="widget-script-tag"
          data-testid="widget-script-tag"
        >
          <pre>{tag}</pre>
        </Typography.Paragraph>
      </section>

      <section>
        <Typography.Title level={5}>{t('fields.allowedOrigins')}</Typography.Title>
        {origins.length ? (
          <Flex wrap gap={6} data-testid="widget-origins">
            {origins.map((origin) => (
              <Tag key={origin} className="widget-origin">
                {origin === '*' ? t('widget.install.anyOrigin') : origin}
              </Tag>
            ))}
          </Flex>
        ) : (
          <Typography.Text type="secondary">{t('noOrigins')}</Typography.Text>
        )}
      </section>

      <section>
        <Typography.Title level={5}>{t('widget.install.optionsTitle')}</Typography.Title>
        <ul className="widget-options">
          <li>
            <Typography.Text code>data-lang</Typography.Text> {t('widget.install.lang')}
          </li>
          <li>
            <Typography.Text code>data-position</Typography.Text> {t('widget.install.position')}
          </li>
        </ul>
      </section>

      <section>
        <Typography.Title level={5}>{t('widget.install.keyTitle')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('widget.install.keyNote')}</Typography.Paragraph>
        {can(APP_INFO_PERMISSIONS.key) && (
          <Button icon={<SyncOutlined />} danger onClick={() => void rotateKey()} data-testid="widget-rotate-key">
            {t('widget.install.rotate')}
          </Button>
        )}
      </section>
    </div>
  );
}
