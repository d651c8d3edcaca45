import {
  LOG_STATUSES,
  LOGIN_EVENTS,
  LOGIN_SORT_FIELDS,
  type LoginLog,
  loginLogPageRequestSchema,
} from '@agent-console/contracts';
import { type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { loginLogs } from '../../../../platform/resources/monitor';
import { formatTime } from '../../../../ui/crud';
import { CREATED } from '../../../../ui/crud/TimeRange';
import { LogList } from '../../../../ui/log-list/LogList';
import { type FilterField, optionsOf, usernameFilter } from '../../../../ui/log-list/SearchFields';
import { useLogList } from '../../../../ui/log-list/use-log-list';
import { LoginLogDrawer } from './LoginLogDrawer';
import { loginOutcome } from './login-outcome';

const EVENT_COLORS = { login: 'blue', logout: 'default', forceLogout: 'orange' } as const;

/** Login log (SPEC §7): sign-ins with their outcome, logouts and forced logouts. */
export default function LoginLogPage() {
  const { t, i18n } = useTranslation(['monitor', 'crud']);
  const log = useLogList(loginLogs, LOGIN_SORT_FIELDS, { schema: loginLogPageRequestSchema, range: CREATED });

  const columns: TableColumnsType<LoginLog> = [
    { title: t('fields.user'), dataIndex: 'username', ...log.sortable('username') },
    { title: t('fields.customer'), dataIndex: 'customerName', ellipsis: true },
    {
      title: t('loginlog.event'),
      dataIndex: 'event',
      width: 120,
      render: (v: LoginLog['event']) => <Tag color={EVENT_COLORS[v]}>{t(`event.${v}`)}</Tag>,
    },
    {
      title: t('fields.status'),
      dataIndex: 'status',
      width: 90,
      render: (v: LoginLog['status']) => <Tag color={v === 'success' ? 'green' : 'red'}>{t(`status.${v}`)}</Tag>,
    },
    {
      title: t('loginlog.message'),
      key: 'message',
      ellipsis: true,
      render: (_, r) => loginOutcome(r, t, i18n.language),
    },
    { title: t('fields.ip'), dataIndex: 'ip', width: 130, ...log.sortable('ip') },
    { title: t('fields.browser'), dataIndex: 'browser', width: 130 },
    { title: t('fields.os'), dataIndex: 'os', width: 100 },
    { title: t('fields.time'), dataIndex: 'createdAt', width: 170, ...log.sortable('createdAt'), render: formatTime },
  ];

  const filters: FilterField[] = [
    usernameFilter(t),
    { name: 'ip', label: t('fields.ip') },
    { name: 'event', label: t('loginlog.event'), options: optionsOf(LOGIN_EVENTS, (v) => t(`event.${v}`)) },
    {
      name: 'status',
      label: t('fields.status'),
      width: 110,
      options: optionsOf(LOG_STATUSES, (v) => t(`status.${v}`)),
    },
  ];

  return <LogList testId="loginlog-page" log={log} columns={columns} filters={filters} detail={LoginLogDrawer} />;
}
