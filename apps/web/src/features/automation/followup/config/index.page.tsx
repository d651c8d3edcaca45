import {
  DICT_TYPES,
  FOLLOWUP_CONFIG_PERMISSIONS,
  FOLLOWUP_STRATEGY_SORT_FIELDS,
  type FollowupStrategy,
  followupStrategyPageQuerySchema,
} from '@agent-console/contracts';
import { HistoryOutlined } from '@ant-design/icons';
import { Form, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppOptions } from '../../../../platform/resources/app-info';
import { followupApi, useFollowupMutation, useStrategyPage } from '../../../../platform/resources/followup';
import {
  CrudTable,
  ListDrawer,
  SearchForm,
  SelectFilter,
  StatusFilter,
  TextFilter,
  useCrudList,
} from '../../../../ui/crud';
import { DictTag } from '../../../../ui/dict/DictTag';
import { CustomerFilter, EmptyNote, TagsCell } from '../send-log/cells';
import { SendLogTable } from '../send-log/SendLogTable';
import { StrategyDialog } from './StrategyDialog';
import { triggerRange } from './strategy-form';
import '../send-log/followup.css';

/**
 * Follow-up strategies (`/followup/config`, WAVE2 §7.3 with §15.8): whom to write to again, when,
 * and with which steps; each with its send log.
 */
export default function FollowupConfigPage() {
  const { t } = useTranslation(['followup', 'crud']);
  const { list, query, table, column, dialog } = useCrudList({
    usePage: useStrategyPage,
    sortable: FOLLOWUP_STRATEGY_SORT_FIELDS,
    schema: followupStrategyPageQuerySchema,
    permissions: FOLLOWUP_CONFIG_PERMISSIONS,
    dialog: true,
  });
  const [search] = Form.useForm<typeof list.filters>();
  const filterCustomer = Form.useWatch('customerId', search);
  const apps = useAppOptions(filterCustomer);
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
    column.sortable('name', t('fields.name')),
    { title: t('fields.customer'), dataIndex: 'customerName', width: 110 },
    {
      title: t('fields.app'),
      dataIndex: 'appName',
      width: 100,
      render: (name: string | null) =>
        name ?? <Typography.Text type="secondary">{t('strategy.anyApp')}</Typography.Text>,
    },
    column.sortable('triggerType', t('fields.trigger'), { render: (_, s) => trigger(s) }),
    {
      title: t('fields.audienceLabels'),
      dataIndex: 'audienceLabels',
      render: (labels: string[]) =>
        labels.length ? (
          <TagsCell names={labels} />
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
    column.statusSwitch({
      permission: FOLLOWUP_CONFIG_PERMISSIONS.edit,
      onChange: (s, enabled) => toggle.mutateAsync({ id: s.id, enabled }),
      testId: (s) => `strategy-toggle-${s.name}`,
    }),
    column.updatedAt(),
  ];

  return (
    <>
      <CrudTable<FollowupStrategy>
        testId="followup-config-page"
        {...table}
        search={
          <SearchForm form={search} list={list}>
            <TextFilter name="keyword" label={t('fields.keyword')} />
            <CustomerFilter form={search} clears="appId" />
            <SelectFilter
              name="appId"
              label={t('fields.app')}
              width={180}
              loading={apps.isLoading}
              showSearch={{ optionFilterProp: 'label' }}
              options={(apps.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
              testId="filter-app"
            />
            <StatusFilter />
          </SearchForm>
        }
        columns={columns}
        batch={false}
        rowName={(s) => s.name}
        createText={t('strategy.create')}
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
        emptyText={<EmptyNote text={t('strategy.empty')} hint={t('strategy.emptyHint')} testId="strategy-empty" />}
      />
      <StrategyDialog {...dialog.props} />
      <ListDrawer
        of={logOf}
        onClose={() => setLogOf(null)}
        title={(strategy) => t('log.titleStrategy', { name: strategy.name })}
        testId="strategy-log-drawer"
      >
        {(strategy) => <SendLogTable of={{ strategyId: strategy.id }} />}
      </ListDrawer>
    </>
  );
}
