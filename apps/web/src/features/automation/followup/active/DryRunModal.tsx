import { DICT_TYPES, type FollowupDryRunRow, type FollowupRobot } from '@agent-console/contracts';
import { Alert, Button, Empty, Modal, Skeleton, Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDryRun } from '../../../../platform/resources/followup';
import { useDict } from '../../../../platform/stores/dict-store';
import { SendBudgetLine } from '../../../../ui/chat-send/SendBudgetLine';
import { formatTime, useTableLayout } from '../../../../ui/crud';
import { ContactCell, MessagePreview } from '../send-log/cells';

interface Props {
  /** The robot whose next sweep is previewed; null when closed. */
  robot: FollowupRobot | null;
  onClose(): void;
}

const rowKey = (r: FollowupDryRunRow) => `${r.strategyId}:${r.contactId}:${r.step}`;

/**
 * "Who would be contacted now, and with what": the robot's next sweep computed without sending,
 * with why it would hold back (offline, outside working hours, quiet hours, cap reached).
 */
export function DryRunModal({ robot, onClose }: Props) {
  const { t } = useTranslation(['followup', 'crud']);
  const holdReasons = useDict(DICT_TYPES.followupHoldReason);
  const dry = useDryRun(robot?.id);
  const data = dry.data;

  const columns: TableColumnsType<FollowupDryRunRow> = [
    {
      title: t('log.contact'),
      key: 'contact',
      width: 150,
      render: (_, r) => <ContactCell name={r.contactName} wcId={r.wcId} testId={`dry-run-contact-${r.wcId}`} />,
    },
    { title: t('log.strategy'), dataIndex: 'strategyName' },
    { title: t('log.step'), dataIndex: 'step', width: 80, render: (n: number) => t('log.stepN', { n }) },
    { title: t('log.message'), key: 'message', render: (_, r) => <MessagePreview type={r.type} preview={r.preview} /> },
    { title: t('dryRun.dueSince'), dataIndex: 'dueSince', width: 110, render: formatTime },
  ];
  const layout = useTableLayout(columns);

  const notices = data && (
    <>
      {!data.enabled && <Alert type="warning" showIcon title={t('dryRun.disabled')} data-testid="dry-run-disabled" />}
      {data.heldBecause ? (
        <Alert
          type="warning"
          showIcon
          title={holdReasons.label(data.heldBecause)}
          description={t(data.rows.length ? 'dryRun.heldNote' : 'dryRun.heldNoteNobody', { count: data.capLeft })}
          data-testid="dry-run-held"
          data-reason={data.heldBecause}
        />
      ) : (
        <Alert
          type="info"
          showIcon
          title={t('dryRun.capLeft', { count: data.capLeft })}
          data-testid="dry-run-cap"
          data-cap-left={data.capLeft}
        />
      )}
      <SendBudgetLine budget={data.budget} testId="dry-run-budget" />
    </>
  );

  return (
    <Modal
      open={!!robot}
      onCancel={onClose}
      width={860}
      title={robot ? t('dryRun.title', { name: robot.accountName }) : ''}
      footer={
        <>
          <Button onClick={() => void dry.refetch()} loading={dry.isFetching} data-testid="dry-run-refresh">
            {t('dryRun.again')}
          </Button>
          <Button type="primary" onClick={onClose} data-testid="dry-run-close">
            {t('dryRun.close')}
          </Button>
        </>
      }
      destroyOnHidden
    >
      <div className="followup-dry-run" data-testid="dry-run">
        <Typography.Paragraph type="secondary">{t('dryRun.intro')}</Typography.Paragraph>
        {dry.isPending ? (
          <Skeleton active />
        ) : dry.isError ? (
          <Alert type="error" showIcon title={dry.error.message} data-testid="dry-run-error" />
        ) : (
          <>
            {notices}
            <Table<FollowupDryRunRow>
              rowKey={rowKey}
              size="small"
              dataSource={data?.rows ?? []}
              pagination={false}
              locale={{
                emptyText: (
                  <Empty
                    image={Empty.PRESENTED_IMAGE_SIMPLE}
                    description={t('dryRun.nobody')}
                    data-testid="dry-run-empty"
                  />
                ),
              }}
              {...layout}
              data-testid="dry-run-rows"
            />
          </>
        )}
      </div>
    </Modal>
  );
}
