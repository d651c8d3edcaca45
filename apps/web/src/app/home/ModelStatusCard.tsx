import type { Language, ModelClientStatus } from '@agent-console/contracts';
import { RobotOutlined } from '@ant-design/icons';
import { Alert, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { HTML_LANG } from '../../platform/i18n';
import { useModelStatus } from '../../platform/resources/monitor';

/** How each state reads, and how serious it looks. */
const LOOK = {
  closed: 'success',
  halfOpen: 'warning',
  open: 'error',
} as const satisfies Record<ModelClientStatus['state'], 'success' | 'warning' | 'error'>;

/**
 * The language model as the people who run the product need to know it (issue 33): working, or
 * down since when — customers then get built-in answers and documents are not mined — or not
 * configured at all. Shown only to callers whose data scope is the whole product (the server
 * answers null to the others, and the card is not drawn).
 */
export function ModelStatusCard() {
  const { t, i18n } = useTranslation('home');
  const status = useModelStatus(true);
  const clients = status.data?.clients;
  if (!clients) return null;
  const locale = HTML_LANG[i18n.language as Language];
  const configured = clients.filter((c) => c.configured);
  return (
    <Card
      title={
        <span>
          <RobotOutlined /> {t('model.title')}
        </span>
      }
      data-testid="home-model-status"
    >
      {configured.length === 0 ? (
        <Alert type="info" showIcon title={t('model.notConfigured')} />
      ) : (
        <div className="home-model-list">
          {configured.map((c) => (
            <Alert
              key={c.client}
              type={LOOK[c.state]}
              showIcon
              data-testid={`home-model-${c.client}`}
              title={t(`model.${c.client}`)}
              description={t(
                c.client === 'embedding' && c.state === 'open' ? 'model.openEmbedding' : `model.${c.state}`,
                {
                  since: c.openedAt ? new Date(c.openedAt).toLocaleTimeString(locale) : '',
                  failures: c.failures,
                },
              )}
            />
          ))}
        </div>
      )}
    </Card>
  );
}
