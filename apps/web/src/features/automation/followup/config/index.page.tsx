import {
  DICT_TYPES,
  FOLLOWUP_STRATEGY_SORT_FIELDS,
  type FollowupStrategy,
  type FollowupStrategyPageQuery,
  followupStrategyPageQuerySchema,
  PERMISSIONS,
} from '@agent-console/contracts';
import { HistoryOutlined } from '@ant-design/icons';
import { Form, Input, Select, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppOptions } from '../../../../platform/resources/app-info';
import { followupApi, useFollowupMutation, useStrategyPage } from '../../../../platform/resources/followup';
import {
  CrudTable,
  formatTime,
  ListDrawer,
  SearchForm,
  StatusFilter,
  StatusSwitch,
  useEditDialog,
  useListState,
} from '../../../../ui/crud';
import { DictTag } from '../../../../ui/dict/DictTag';
import { CustomerTreeSelect } from '../../../../ui/pickers/CustomerTreeSelect';
import { SendLogTable } from '../send-log/SendLogTable';
import { StrategyDialog } from './StrategyDialog';
import { triggerRange } from './strategy-form';
import '../send-log/followup.css';

type Filters = Pick<FollowupStrategyPageQuery, 'keyword' | 'customerId' | 'appId' | 'enabled'>;

/**
 * Follow-up strategies (`/followup/config`, WAVE2 §7.3 with §15.8): whom to write to again, when,
 * and with which steps; each with its send log.
 */
export default function FollowupConfigPage() {
  const { t } = useTranslation(['followup', 'crud']);
  const list = useListState<Filters, (typeof FOLLOWUP_STRATEGY_SORT_FIELDS)[number]>(
    FOLLOWUP_STRATEGY_SORT_FIELDS,
    10,
    { schema: followupStrategyPageQuerySchema },
  );
  const query = useStrategyPage(list.request);
  const [search] = Form.useForm<Filters>();
  const filterCustomer = Form.useWatch('customerId', search);
  const apps = useAppOptions(filterCustomer);
  const dialog = useEditDialog<FollowupStrategy>();
  const [logOf, setLogOf] = useState<FollowupStrategy | null>(null);
  const toggle = useFollowupMutation(({ id, enabled }: { id: number; enabled: boolean }) =>
    followupApi.setStrategyEnabled(id, enabled),
  );
  const remove = useFollowupMutation((s: FollowupStrategy) => followupApi.removeStrategy(s.id, s.customerId));
  const byId = new Map((query.data?.list ?? []).map((s) => [s.id, s]));

  // The kind as its dictionary tag, and under it the hours, days or label it waits for.
  const trigger = (s: FollowupStrategy) => {
    const detail = triggerRange(s.triggerType)
      ? t(`triggerDetail.${s.triggerType}`, { count: s.triggerValue ?? 0 })
      : t('triggerDetail.hasLabel', { label: s.triggerLabel ?? '' });
    return (
      <span className="followup-stack" data-testid={`strategy-trigger-${s.name}`}>
        <DictTag dict={DICT_TYPES.followupTrigger} value={s.triggerType} />
        <Typography.Text type="secondary" className="followup-small">
          {detail}
        </Typography.Text>
      </span>
    );
  };

  const columns: TableColumnsType<FollowupStrategy> = [
    { title: t('fields.name'), dataIndex: 'name', ...list.sortable('name') },
    { title: t('fields.customer'), dataIndex: 'customerName', width: 110 },
    {
      title: t('fields.app'),
      dataIndex: 'appName',
      width: 100,
      render: (name: string | null) =>
        name ?? <Typography.Text type="secondary">{t('strategy.anyApp')}</Typography.Text>,
    },
    {
      title: t('fields.trigger'),
      dataIndex: 'triggerType',
      ...list.sortable('triggerType'),
      render: (_, s) => trigger(s),
    },
    {
      title: t('fields.audienceLabels'),
      dataIndex: 'audienceLabels',
      render: (labels: string[]) =>
        labels.length ? (
          <span className="followup-tags">
            {labels.map((l) => (
              <Tag key={l}>{l}</Tag>
            ))}
          </span>
        ) : (
          <Typography.Text type="secondary">{t('strategy.everyone')}</Typography.Text>
        ),
    },
    {
      title: t('fields.steps'),
      key: 'steps',
      render: (_, s) => t('strategy.stepCount', { count: s.steps.length }),
    },
    { title: t('fields.maxSendsShort'), dataIndex: 'maxSendsPerContact' },
    {
      title: t('fields.quietHours'),
      key: 'quiet',
      render: (_, s) =>
        s.quietStart && s.quietEnd ? (
          <span className="followup-nowrap">{`${s.quietStart}–${s.quietEnd}`}</span>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    { title: t('fields.robots'), dataIndex: 'robotCount' },
    {
      title: t('crud:status'),
      dataIndex: 'enabled',
      ...list.sortable('enabled'),
      render: (enabled: boolean, s) => (
        <StatusSwitch
          checked={enabled}
          permission={PERMISSIONS.followupConfig.edit}
          onChange={(next) => toggle.mutateAsync({ id: s.id, enabled: next })}
          testId={`strategy-toggle-${s.name}`}
        />
      ),
    },
    { title: t('crud:updatedAt'), dataIndex: 'updatedAt', ...list.sortable('updatedAt'), render: formatTime },
  ];

  return (
    <>
      <CrudTable<FollowupStrategy>
        testId="followup-config-page"
        list={list}
        query={query}
        permissions={PERMISSIONS.followupConfig}
        search={
          <SearchForm form={search} list={list}>
            <Form.Item name="keyword" label={t('fields.keyword')}>
              <Input allowClear maxLength={64} data-testid="filter-keyword" />
            </Form.Item>
            <Form.Item name="customerId" label={t('fields.customer')}>
              <CustomerTreeSelect
                style={{ width: 200 }}
                onChange={() => search.setFieldsValue({ appId: undefined })}
                data-testid="filter-customer"
              />
            </Form.Item>
            <Form.Item name="appId" label={t('fields.app')}>
              <Select<number>
                allowClear
                style={{ width: 180 }}
                loading={apps.isLoading}
                showSearch={{ optionFilterProp: 'label' }}
                options={(apps.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
                data-testid="filter-app"
              />
            </Form.Item>
            <StatusFilter />
          </SearchForm>
        }
        columns={columns}
        batch={false}
        rowName={(s) => s.name}
        onCreate={dialog.create}
        createText={t('strategy.create')}
        onEdit={dialog.edit}
        rowActions={(s) => [
          { key: 'send-log', label: t('log.open'), icon: <HistoryOutlined />, onClick: () => setLogOf(s) },
        ]}
        onDelete={async (ids) => {
          const s = ids[0] === undefined ? undefined : byId.get(ids[0]);
          if (s) await remove.mutateAsync(s);
        }}
        deleteNote={(rows) => {
          const robots = rows[0]?.robotCount ?? 0;
          return (
            <p data-testid="strategy-delete-note">
              {robots ? t('strategy.deleteRobots', { count: robots }) : t('strategy.deleteNoRobots')}
            </p>
          );
        }}
        emptyText={
          <span data-testid="strategy-empty">
            {t('strategy.empty')}
            <br />
            <Typography.Text type="secondary">{t('strategy.emptyHint')}</Typography.Text>
          </span>
        }
      />
      <StrategyDialog {...dialog.props} />
      <ListDrawer
        open={!!logOf}
        onClose={() => setLogOf(null)}
        title={logOf ? t('log.titleStrategy', { name: logOf.name }) : ''}
        testId="strategy-log-drawer"
      >
        {logOf && <SendLogTable of={{ strategyId: logOf.id }} />}
      </ListDrawer>
    </>
  );
}
