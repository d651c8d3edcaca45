import type { AppOption } from '@agent-console/contracts';
import { Card, Empty, Form, Select, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useResolver } from '../../../platform/navigation/resolve-route';
import { useAppOptions } from '../../../platform/resources/app-info';
import { AgentHint } from './AgentHint';
import { ConfigPanels } from './ConfigPanels';
import './app-config.css';

const APP_INFO_PATH = '/app/info';

const positiveId = (text: string | null) => (text && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : undefined);

/**
 * The configuration centre (SPEC §2 "app item", WAVE2 §4.3): pick an app (kept in the URL), then
 * its namespaces on the left and the chosen namespace's items on the right.
 */
export default function AppConfigPage() {
  const { t } = useTranslation('appConfig');
  const [params, setParams] = useSearchParams();
  const apps = useAppOptions();
  const options = apps.data ?? [];
  const wanted = positiveId(params.get('appId'));
  // A remembered app that is gone (or was never the caller's) falls back to the first one.
  const app: AppOption | undefined = options.find((a) => a.id === wanted) ?? options[0];
  const namespaceId = positiveId(params.get('namespace'));
  // Only a link the person can follow (issue 34): without App info the screen just says so.
  const mayCreate = useResolver()(APP_INFO_PATH).kind === 'page';

  if (apps.isPending) {
    return (
      <Card className="crud-page">
        <Skeleton active />
      </Card>
    );
  }
  if (!app) {
    return (
      <Card className="crud-page" data-testid="app-config-page">
        <Empty description={t('noApps')} data-testid="app-config-no-apps">
          {mayCreate && <Link to={APP_INFO_PATH}>{t('noAppsLink')}</Link>}
        </Empty>
      </Card>
    );
  }

  const choose = (id: number) => setParams({ appId: String(id) }, { replace: true });
  const select = (id: number) => setParams({ appId: String(app.id), namespace: String(id) }, { replace: true });

  return (
    <div className="app-config" data-testid="app-config-page">
      <Card className="crud-page app-config-head">
        <Form layout="inline">
          <Form.Item label={t('app')}>
            <Select
              className="app-config-app"
              value={app.id}
              onChange={choose}
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('appPlaceholder')}
              options={options.map((a) => ({ value: a.id, label: `${a.name} (${a.code})` }))}
              data-testid="app-config-app"
            />
          </Form.Item>
        </Form>
        <AgentHint />
      </Card>
      <ConfigPanels key={app.id} appId={app.id} selectedId={namespaceId} onSelect={select} />
    </div>
  );
}
