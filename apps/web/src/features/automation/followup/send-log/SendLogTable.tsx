import {
  DICT_TYPES,
  FOLLOWUP_SEND_STATUSES,
  type FollowupSend,
  type FollowupSendPageQuery,
} from '@agent-console/contracts';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { type SendLogOf, useSendLog } from '../../../../platform/resources/followup';
import { useDict } from '../../../../platform/stores/dict-store';
import { CrudTable, SearchForm, SelectFilter, useCrudList } from '../../../../ui/crud';
import { ContactCell, MessagePreview } from './cells';
import { SendStatusTag } from './SendStatusTag';

/** The sends of the strategy or robot `of`. */
const useSends = ({ of, ...query }: FollowupSendPageQuery & { of: SendLogOf }) => useSendLog(of, query);

/**
 * The send log of one strategy or one robot (WAVE2 §7: who, which step, when, the result), newest
 * first; it asks again while sends are still on their way.
 */
export function SendLogTable({ of }: { of: SendLogOf }) {
  const { t } = useTranslation(['followup', 'crud']);
  const { list, table, column } = useCrudList({ usePage: useSends, params: { of }, keyset: true });
  const byStrategy = 'strategyId' in of;
  const statuses = useDict(DICT_TYPES.followupSendStatus);
  const skipReasons = useDict(DICT_TYPES.followupSkipReason);
  // Why the send-time check held it back, from its dictionary; a failure's reason as the gateway
  // or the sender gave it.
  const reasonText = (r: FollowupSend) => (r.skipReason ? skipReasons.label(r.skipReason) : r.reason);

  const columns: TableColumnsType<FollowupSend> = [
    {
      title: t('log.contact'),
      key: 'contact',
      width: 150,
      render: (_, r) => <ContactCell name={r.contactName} wcId={r.wcId} testId={`send-contact-${r.id}`} />,
    },
    {
      title: t('crud:status'),
      dataIndex: 'status',
      width: 150,
      render: (_, r) => (
        <>
          <SendStatusTag status={r.status} testId={`send-status-${r.id}`} />
          {reasonText(r) && (
            <div className="followup-small" data-testid={`send-reason-${r.id}`}>
              {reasonText(r)}
            </div>
          )}
        </>
      ),
    },
    { title: t('log.step'), dataIndex: 'step', width: 80, render: (n: number) => t('log.stepN', { n }) },
    { title: t('log.message'), key: 'message', render: (_, r) => <MessagePreview type={r.type} preview={r.preview} /> },
    byStrategy
      ? { title: t('log.account'), dataIndex: 'accountName', width: 120 }
      : { title: t('log.strategy'), dataIndex: 'strategyName', width: 120 },
    column.time('plannedAt', t('log.plannedAt'), { width: 110 }),
    column.time('sentAt', t('log.sentAt'), { width: 110 }),
  ];

  return (
    <CrudTable<FollowupSend>
      embedded
      testId="send-log"
      {...table}
      search={
        <SearchForm list={list} testId="send-log-search">
          <SelectFilter
            name="status"
            label={t('crud:status')}
            width={140}
            options={statuses.optionsOf(FOLLOWUP_SEND_STATUSES)}
            testId="filter-send-status"
          />
        </SearchForm>
      }
      columns={columns}
      batch={false}
      emptyText={t('log.empty')}
    />
  );
}
