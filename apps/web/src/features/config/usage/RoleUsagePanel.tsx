import type { RoleUsage } from '@agent-console/contracts';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { UsageChart } from './UsageChart';
import { UsagePanel } from './UsagePanel';
import { useRoleUsage } from './usage.api';

/**
 * Per-role usage (SPEC §3): this month's answers per app, an app being an AI role (WAVE2 §15.6).
 * Rolled up ("All my customers"), each app names its customer.
 */
export function RoleUsagePanel({ customerId, rolledUp }: { customerId: number | undefined; rolledUp: boolean }) {
  const { t } = useTranslation('usage');
  const query = useRoleUsage(customerId);
  const rows = query.data ?? [];
  const name = (r: RoleUsage) =>
    r.appId === null ? t('roles.deletedApp') : rolledUp ? `${r.roleName} (${r.customerName ?? ''})` : r.roleName;
  return (
    <UsagePanel title={t('roles.title')} testId="usage-roles" query={query} empty={!rows.length}>
      <UsageChart
        kind="bar"
        labels={rows.map(name)}
        values={rows.map((r) => r.used)}
        ariaLabel={t('roles.chart')}
        testId="usage-roles-chart"
      />
      <Table<RoleUsage>
        size="small"
        rowKey="roleKey"
        pagination={false}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        data-testid="usage-roles-table"
        columns={[
          { title: t('roles.app'), key: 'name', render: (_, r) => (r.appId === null ? name(r) : r.roleName) },
          ...(rolledUp
            ? [
                {
                  title: t('roles.customer'),
                  key: 'customer',
                  render: (_: unknown, r: RoleUsage) => r.customerName ?? '—',
                },
              ]
            : []),
          { title: t('roles.used'), dataIndex: 'used', align: 'right' },
          { title: t('roles.promptTokens'), dataIndex: 'promptTokens', align: 'right' },
          { title: t('roles.completionTokens'), dataIndex: 'completionTokens', align: 'right' },
        ]}
      />
    </UsagePanel>
  );
}
