import {
  DICT_TYPES,
  FOLLOWUP_ACTIVE_PERMISSIONS,
  FOLLOWUP_ROBOT_SORT_FIELDS,
  type FollowupRobot,
  followupRobotPageQuerySchema,
} from '@agent-console/contracts';
import { EyeOutlined, HistoryOutlined, SendOutlined } from '@ant-design/icons';
import { Form, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../../platform/api/feedback';
import { useChatAccountOptions } from '../../../../platform/resources/chat-account';
import { followupApi, useFollowupMutation, useRobotPage } from '../../../../platform/resources/followup';
import { useDict } from '../../../../platform/stores/dict-store';
import {
  CrudTable,
  ListDrawer,
  SearchForm,
  SelectFilter,
  StatusFilter,
  useConfirm,
  useCrudList,
} from '../../../../ui/crud';
import { DictTag } from '../../../../ui/dict/DictTag';
import { CustomerFilter, EmptyNote, TagsCell } from '../send-log/cells';
import { SendLogTable } from '../send-log/SendLogTable';
import { DryRunModal } from './DryRunModal';
import { RobotDialog } from './RobotDialog';
import '../send-log/followup.css';

/**
 * Active follow-up (`/followup/active`, WAVE2 §7.4 with §15.8): robots, each a messaging account
 * running strategies within a daily cap and working hours; a dry run shows who the next sweep
 * would write to, "Sweep now" runs it at once, and each robot has its send log.
 */
export default function FollowupActivePage() {
  const { t } = useTranslation(['followup', 'crud']);
  const confirm = useConfirm();
  const holdReasons = useDict(DICT_TYPES.followupHoldReason);
  const { list, table, column, dialog } = useCrudList({
    usePage: useRobotPage,
    sortable: FOLLOWUP_ROBOT_SORT_FIELDS,
    schema: followupRobotPageQuerySchema,
    permissions: FOLLOWUP_ACTIVE_PERMISSIONS,
    dialog: true,
  });
  const [search] = Form.useForm<typeof list.filters>();
  const filterCustomer = Form.useWatch('customerId', search);
  const accounts = useChatAccountOptions();
  const [dryRunOf, setDryRunOf] = useState<FollowupRobot | null>(null);
  const [logOf, setLogOf] = useState<FollowupRobot | null>(null);
  const toggle = useFollowupMutation(({ id, enabled }: { id: number; enabled: boolean }) =>
    followupApi.setRobotEnabled(id, enabled),
  );
  const remove = useFollowupMutation((id: number) => followupApi.removeRobot(id));
  const sweep = useFollowupMutation((id: number) => followupApi.sweep(id));

  const sweepNow = (robot: FollowupRobot) =>
    confirm({
      title: t('sweep.title', { name: robot.accountName }),
      content: t('sweep.confirm'),
      okText: t('sweep.run'),
      cancelText: t('crud:cancel'),
      okTestId: 'sweep-confirm',
      danger: false,
      run: async () => {
        const { queued, heldBecause } = await sweep.mutateAsync(robot.id);
        if (queued) feedback.success(t('sweep.queued', { count: queued }));
        else if (heldBecause) feedback.warning(t('sweep.held', { reason: holdReasons.label(heldBecause) }), 5);
        else feedback.info(t('sweep.none'));
      },
    });

  const columns: TableColumnsType<FollowupRobot> = [
    {
      title: t('fields.account'),
      dataIndex: 'accountName',
      render: (name: string, r) => (
        <span className="followup-tags" data-testid={`robot-account-${r.id}`}>
          <span>{name}</span>
          <DictTag
            dict={DICT_TYPES.chatLoginStatus}
            value={r.accountOnline ? 'online' : 'offline'}
            testId={`robot-online-${r.id}`}
          />
        </span>
      ),
    },
    { title: t('fields.customer'), dataIndex: 'customerName', width: 110 },
    {
      title: t('fields.strategies'),
      dataIndex: 'strategyNames',
      render: (names: string[]) => <TagsCell names={names} />,
    },
    column.sortable('dailyCap', t('fields.dailyCap'), {
      render: (cap: number, r) => (
        <span data-testid={`robot-cap-${r.id}`}>
          {cap}
          <br />
          <Typography.Text type="secondary" className="followup-small">
            {t('robot.sentToday', { count: r.sentToday })}
          </Typography.Text>
        </span>
      ),
    }),
    {
      title: t('fields.workingHours'),
      key: 'hours',
      render: (_, r) => <span className="followup-nowrap">{`${r.workStart}–${r.workEnd}`}</span>,
    },
    column.statusSwitch({
      permission: FOLLOWUP_ACTIVE_PERMISSIONS.edit,
      onChange: (r, enabled) => toggle.mutateAsync({ id: r.id, enabled }),
      testId: (r) => `robot-toggle-${r.id}`,
    }),
    column.updatedAt(),
  ];

  return (
    <>
      <CrudTable<FollowupRobot>
        testId="followup-active-page"
        {...table}
        search={
          <SearchForm form={search} list={list}>
            <CustomerFilter form={search} clears="accountId" />
            <SelectFilter
              name="accountId"
              label={t('fields.account')}
              width={180}
              showSearch={{ optionFilterProp: 'label' }}
              loading={accounts.isLoading}
              options={(accounts.data ?? [])
                .filter((a) => !filterCustomer || a.customerId === filterCustomer)
                .map((a) => ({ value: a.id, label: a.nickname || a.wcId }))}
              testId="filter-account"
            />
            <StatusFilter />
          </SearchForm>
        }
        columns={columns}
        batch={false}
        rowName={(r) => String(r.id)}
        deleteName={(r) => r.accountName}
        createText={t('robot.create')}
        onDelete={(ids) => Promise.all(ids.map((id) => remove.mutateAsync(id)))}
        deleteNote={<p>{t('robot.deleteNote')}</p>}
        rowActions={(r) => [
          { key: 'dry-run', label: t('dryRun.open'), icon: <EyeOutlined />, onClick: () => setDryRunOf(r) },
          {
            key: 'sweep',
            label: t('sweep.open'),
            icon: <SendOutlined />,
            permission: FOLLOWUP_ACTIVE_PERMISSIONS.edit,
            onClick: () => void sweepNow(r),
          },
          { key: 'send-log', label: t('log.open'), icon: <HistoryOutlined />, onClick: () => setLogOf(r) },
        ]}
        emptyText={<EmptyNote text={t('robot.empty')} hint={t('robot.emptyHint')} testId="robot-empty" />}
      />
      <RobotDialog {...dialog.props} />
      <DryRunModal robot={dryRunOf} onClose={() => setDryRunOf(null)} />
      <ListDrawer
        of={logOf}
        onClose={() => setLogOf(null)}
        title={(robot) => t('log.titleRobot', { name: robot.accountName })}
        testId="robot-log-drawer"
      >
        {(robot) => <SendLogTable of={{ robotId: robot.id }} />}
      </ListDrawer>
    </>
  );
}
