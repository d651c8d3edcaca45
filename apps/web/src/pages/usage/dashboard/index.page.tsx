import { PERMISSIONS } from '@agent-console/contracts';
import { Button, Form, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useUsageDashboard } from '../../../api/usage';
import { CustomerTreeSelect } from '../../../components/CustomerTreeSelect';
import { useCan } from '../../../components/crud';
import { useSessionStore } from '../../../stores/session-store';
import { QuotaDialog } from './QuotaDialog';
import { RoleUsagePanel } from './RoleUsagePanel';
import { TrendPanel } from './TrendPanel';
import { UsageCards } from './UsageCards';
import { UsagePanel } from './UsagePanel';
import './usage.css';

const positiveId = (text: string | null) => (text && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : undefined);

/**
 * Usage report (`/usage/dashboard`, SPEC §3, WAVE2 §8 with §15.6): a customer's answers against
 * its monthly quota, per app, and over the last 7 days. The customer is kept in the URL and
 * defaults to the caller's own.
 */
export default function UsageDashboardPage() {
  const { t } = useTranslation('usage');
  const can = useCan();
  const own = useSessionStore((s) => s.user?.customer.id);
  const [params, setParams] = useSearchParams();
  const customerId = positiveId(params.get('customerId')) ?? own;
  const cards = useUsageDashboard(customerId);
  const [editing, setEditing] = useState(false);

  return (
    <div className="usage-page" data-testid="usage-page">
      <Typography.Title level={4}>{t('title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <Form layout="inline" className="usage-toolbar">
        <Form.Item label={t('customer')}>
          <CustomerTreeSelect
            value={customerId}
            allowClear={false}
            onChange={(id) => setParams(id ? { customerId: String(id) } : {}, { replace: true })}
            className="usage-customer"
            data-testid="usage-customer"
          />
        </Form.Item>
        {can(PERMISSIONS.usage.quotaEdit) && customerId !== undefined && (
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
      {customerId !== undefined && (
        <>
          <UsagePanel title={t('cards.title')} testId="usage-cards" query={cards}>
            {cards.data && <UsageCards data={cards.data} />}
          </UsagePanel>
          <div className="usage-charts">
            <RoleUsagePanel customerId={customerId} />
            <TrendPanel customerId={customerId} />
          </div>
          <QuotaDialog
            open={editing}
            customerId={customerId}
            current={cards.data?.totalQuota ?? null}
            onClose={() => setEditing(false)}
          />
        </>
      )}
    </div>
  );
}
