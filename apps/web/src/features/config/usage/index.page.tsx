import { SUPER_ADMIN_ROLE_KEY, USAGE_PERMISSIONS } from '@agent-console/contracts';
import { Button, Form, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSessionStore } from '../../../platform/stores/session-store';
import { useCan } from '../../../ui/crud';
import { ReportCustomerSelect } from '../../../ui/pickers/ReportCustomerSelect';
import { QuotaDialog } from './QuotaDialog';
import { RoleUsagePanel } from './RoleUsagePanel';
import { TrendPanel } from './TrendPanel';
import { UsageCards } from './UsageCards';
import { UsagePanel } from './UsagePanel';
import { useUsageDashboard } from './usage.api';
import './usage.css';

const positiveId = (text: string | null) => (text && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : undefined);

/**
 * Usage report (`/usage/dashboard`, SPEC §3, WAVE2 §8 with §15.6): answers against the monthly
 * quota, per app, and over the last 7 days — of "All my customers" (every customer of the
 * caller's scope added up, the default) or of the customer picked, which is kept in the URL.
 */
export default function UsageDashboardPage() {
  const { t } = useTranslation('usage');
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const customerId = positiveId(params.get('customerId'));
  const cards = useUsageDashboard(customerId);
  const [editing, setEditing] = useState(false);
  // The customer the figures are of: the one picked, or the caller's only one; null when rolled up.
  const shown = cards.data ? cards.data.customerId : (customerId ?? null);
  const user = useSessionStore((s) => s.user);
  // A quota is set from above: never on one's own customer (the server refuses it, A0312).
  const ownCustomer = shown === user?.customer.id && !user.roles.some((role) => role.key === SUPER_ADMIN_ROLE_KEY);

  return (
    <div className="usage-page" data-testid="usage-page">
      <Typography.Title level={4}>{t('title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <Form layout="inline" className="usage-toolbar">
        <Form.Item label={t('customer')}>
          <ReportCustomerSelect
            value={customerId}
            onChange={(id) => setParams(id ? { customerId: String(id) } : {}, { replace: true })}
            className="usage-customer"
            data-testid="usage-customer"
          />
        </Form.Item>
        {can(USAGE_PERMISSIONS.quotaEdit) && shown !== null && !ownCustomer && (
          <Form.Item>
            <Button
              type="primary"
              onClick={() => setEditing(true)}
              disabled={!cards.data}
              data-testid="usage-set-quota"
            >
              {t('quota.open')}
            </Button>
          </Form.Item>
        )}
      </Form>
      {cards.data && cards.data.customerId === null && (
        <Typography.Paragraph type="secondary" data-testid="usage-rollup-note">
          {t('rollupNote')}
        </Typography.Paragraph>
      )}
      <UsagePanel title={t('cards.title')} testId="usage-cards" query={cards}>
        {cards.data && <UsageCards data={cards.data} />}
      </UsagePanel>
      <div className="usage-charts">
        <RoleUsagePanel customerId={customerId} rolledUp={cards.data?.customerId === null} />
        <TrendPanel customerId={customerId} />
      </div>
      {shown !== null && (
        <QuotaDialog
          open={editing}
          customerId={shown}
          current={cards.data?.totalQuota ?? null}
          onClose={() => setEditing(false)}
        />
      )}
    </div>
  );
}
