import {
  BUSINESS_TYPES,
  LOG_STATUSES,
  OPERATION_SORT_FIELDS,
  type OperationLog,
  operationLogPageRequestSchema,
} from '@agent-console/contracts';
import { type TableColumnsType, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { operationLogs } from '../../../../platform/resources/monitor';
import { formatTime } from '../../../../ui/crud';
import { CREATED } from '../../../../ui/crud/TimeRange';
import { LogList } from '../../../../ui/log-list/LogList';
import { type FilterField, optionsOf, usernameFilter } from '../../../../ui/log-list/SearchFields';
import { useLogList } from '../../../../ui/log-list/use-log-list';
import { OperationLogDrawer } from './OperationLogDrawer';
import { moduleOptions, moduleWords } from './operation-words';

/** Operation log (SPEC §7): every write call of every module, recorded by the server's audit hook. */
export default function OperationLogPage() {
  const { t } = useTranslation(['monitor', 'crud']);
  const log = useLogList(operationLogs, OPERATION_SORT_FIELDS, {
    schema: operationLogPageRequestSchema,
    range: CREATED,
  });

  const columns: TableColumnsType<OperationLog> = [
    {
      title: t('operlog.title'),
      dataIndex: 'title',
      ...log.sortable('title'),
      ellipsis: true,
      render: (v: string) => <span data-testid="operlog-module">{moduleWords(v, t)}</span>,
    },
    {
      title: t('operlog.businessType'),
      dataIndex: 'businessType',
      width: 110,
      render: (v: OperationLog['businessType']) => <Tag>{t(`businessType.${v}`)}</Tag>,
    },
    {
      title: t('operlog.request'),
      key: 'path',
      ellipsis: { showTitle: false },
      // The whole path on hover and in the detail: the cell has room for its start only.
      render: (_, r) => (
        <Tooltip title={`${r.method} ${r.path}`} placement="topLeft">
          <span data-testid="operlog-request">{`${r.method} ${r.path}`}</span>
        </Tooltip>
      ),
    },
    { title: t('fields.user'), dataIndex: 'username', width: 140, ellipsis: true, ...log.sortable('username') },
    { title: t('fields.customer'), dataIndex: 'customerName', ellipsis: true },
    { title: t('fields.ip'), dataIndex: 'ip', width: 130 },
    {
      title: t('fields.status'),
      dataIndex: 'status',
      width: 90,
      render: (v: OperationLog['status'], r) => (
        <Tag color={v === 'success' ? 'green' : 'red'} title={r.errorCode ?? undefined}>
          {t(`status.${v}`)}
        </Tag>
      ),
    },
    {
      title: t('operlog.cost'),
      dataIndex: 'costMs',
      width: 110,
      ...log.sortable('costMs'),
      render: (ms: number) => t('operlog.ms', { ms }),
    },
    { title: t('fields.time'), dataIndex: 'createdAt', width: 170, ...log.sortable('createdAt'), render: formatTime },
  ];

  const filters: FilterField[] = [
    { name: 'title', label: t('operlog.title'), width: 180, options: moduleOptions(t), testId: 'filter-module' },
    usernameFilter(t),
    {
      name: 'businessType',
      label: t('operlog.businessType'),
      width: 140,
      options: optionsOf(BUSINESS_TYPES, (v) => t(`businessType.${v}`)),
    },
    {
      name: 'status',
      label: t('fields.status'),
      width: 110,
      options: optionsOf(LOG_STATUSES, (v) => t(`status.${v}`)),
      testId: 'filter-status',
    },
  ];

  return <LogList testId="operlog-page" log={log} columns={columns} filters={filters} detail={OperationLogDrawer} />;
}
