import {
  APP_INFO_PERMISSIONS,
  APP_SORT_FIELDS,
  APP_STATUSES,
  type App,
  appPageQuerySchema,
  DICT_TYPES,
  KNOWLEDGE_FILE_PERMISSIONS,
  parseAppFailure,
} from '@agent-console/contracts';
import {
  CaretRightOutlined,
  DeleteOutlined,
  ExperimentOutlined,
  GlobalOutlined,
  KeyOutlined,
  PauseOutlined,
} from '@ant-design/icons';
import { Form, type TableColumnsType, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { feedback } from '../../../platform/api/feedback';
import { VISITORS_WAITING_PARAM } from '../../../platform/navigation/visitors-link';
import { appInfoApi, useAppMutation, useAppPage } from '../../../platform/resources/app-info';
import { useDict } from '../../../platform/stores/dict-store';
import { type AnswerTestApp, AnswerTestDrawer } from '../../../ui/answer-test/AnswerTestDrawer';
import {
  CrudTable,
  SearchForm,
  SelectFilter,
  TextFilter,
  useCan,
  useConfirm,
  useConfirmDelete,
  useCrudList,
} from '../../../ui/crud';
import { CustomerTreeSelect } from '../../../ui/pickers/CustomerTreeSelect';
import { ApiKeyDialog, type ShownKey } from './ApiKeyDialog';
import { AppDialog } from './AppDialog';
import { AppStatusCell } from './AppStatusCell';
import { WidgetDrawer } from './WidgetDrawer';
import './app-info.css';

/** Apps in an open or changing state: not deletable (WAVE2 §4.2), polled until they settle. */
const LIVE = new Set<App['status']>(['starting', 'running', 'stopping']);

/**
 * Apps (agents) of the customers in the caller's scope: create and edit them, start and stop their
 * listeners, rotate their API keys. A key is shown once, right after it is made. Each app's website
 * widget (its tag, a preview, its visitors) opens in a drawer.
 */
export default function AppInfoPage() {
  const { t } = useTranslation(['app', 'crud', 'answer-test']);
  const can = useCan();
  const statuses = useDict(DICT_TYPES.appStatus);
  const confirm = useConfirm();
  const confirmDelete = useConfirmDelete();
  // Delete is a row link of its own: a live app cannot go.
  const { list, query, table, column, dialog } = useCrudList({
    usePage: useAppPage,
    sortable: APP_SORT_FIELDS,
    schema: appPageQuerySchema,
    permissions: APP_INFO_PERMISSIONS,
    dialog: true,
  });
  const [shownKey, setShownKey] = useState<ShownKey | null>(null);
  const [testing, setTesting] = useState<AnswerTestApp | null>(null);
  const [widgetApp, setWidgetApp] = useState<App | null>(null);
  const [waitingShown, setWaitingShown] = useState(false);
  // Home's link to the visitors waiting for a person: the app's drawer, open on them.
  const [params, setParams] = useSearchParams();
  const waitingFor = Number(params.get(VISITORS_WAITING_PARAM)) || null;
  useEffect(() => {
    const row = waitingFor ? query.data?.list.find((app) => app.id === waitingFor) : undefined;
    if (!row) return;
    setWidgetApp(row);
    setWaitingShown(true);
    setParams(
      (next) => {
        next.delete(VISITORS_WAITING_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [waitingFor, query.data, setParams]);
  // The drawer follows the row as the list refreshes (a new widget key, the app started).
  const widgetShown = widgetApp && (query.data?.list.find((app) => app.id === widgetApp.id) ?? widgetApp);
  const start = useAppMutation((id: number) => appInfoApi.start(id));
  const stop = useAppMutation((id: number) => appInfoApi.stop(id));
  const remove = useAppMutation((id: number) => appInfoApi.remove(id));
  const rotate = useAppMutation((id: number) => appInfoApi.rotateKey(id));

  const reasonText = (reason: string | null) => {
    const failure = reason ? parseAppFailure(reason) : null;
    return failure ? t(`reasons.${failure.key}`, failure.values) : (reason ?? '');
  };

  const startApp = async (app: App) => {
    const state = await start.mutateAsync(app.id);
    if (state.status === 'running') feedback.success(t('started', { name: app.name }));
    else feedback.warning(t('startFailed', { name: app.name, reason: reasonText(state.statusReason) }), 5);
  };

  const stopApp = (app: App) =>
    confirm({
      title: t('confirmStop.title', { name: app.name }),
      content: t('confirmStop.content'),
      okText: t('actions.stop'),
      cancelText: t('crud:cancel'),
      okTestId: 'app-confirm-stop',
      run: async () => {
        await stop.mutateAsync(app.id);
        feedback.success(t('stopped', { name: app.name }));
      },
    });

  const rotateKey = (app: App) =>
    confirm({
      title: t('confirmRotate.title', { name: app.name }),
      content: t('confirmRotate.content'),
      okText: t('actions.rotateKey'),
      cancelText: t('crud:cancel'),
      okTestId: 'app-confirm-rotate',
      run: async () => {
        const { apiKey } = await rotate.mutateAsync(app.id);
        setShownKey({ name: app.name, port: app.port, apiKey, rotated: true });
      },
    });

  const columns: TableColumnsType<App> = [
    column.sortable('name', t('fields.name')),
    column.sortable('code', t('fields.code')),
    { title: t('fields.customer'), dataIndex: 'customerName', width: 110 },
    column.sortable('port', t('fields.port')),
    column.sortable('status', t('fields.status'), { render: (_: unknown, app: App) => <AppStatusCell app={app} /> }),
    {
      title: t('fields.description'),
      dataIndex: 'description',
      render: (text: string | null) =>
        text && (
          <Typography.Paragraph ellipsis={{ rows: 2, tooltip: text }} className="app-description" style={{ margin: 0 }}>
            {text}
          </Typography.Paragraph>
        ),
    },
    {
      title: t('fields.allowedOrigins'),
      dataIndex: 'allowedOrigins',
      hidden: true,
      render: (origins: string[]) =>
        origins.length ? (
          <Typography.Text ellipsis={{ tooltip: origins.join('\n') }} style={{ maxWidth: 200 }}>
            {origins.join(', ')}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('noOrigins')}</Typography.Text>
        ),
    },
    {
      title: t('fields.key'),
      dataIndex: 'keyPrefix',
      render: (prefix: string) => <code className="app-key-prefix">{prefix}…</code>,
    },
    column.createdAt(),
    column.updatedAt(),
  ];

  return (
    <>
      <CrudTable<App>
        testId="app-page"
        {...table}
        search={
          <SearchForm list={list}>
            <TextFilter name="keyword" label={t('fields.keyword')} />
            <Form.Item name="customerId" label={t('fields.customer')}>
              <CustomerTreeSelect style={{ width: 200 }} data-testid="filter-customer" />
            </Form.Item>
            <SelectFilter
              name="status"
              label={t('fields.status')}
              width={140}
              options={statuses.optionsOf(APP_STATUSES)}
            />
          </SearchForm>
        }
        columns={columns}
        batch={false}
        rowName={(r) => r.code}
        rowActions={(app) => [
          (app.status === 'stopped' || app.status === 'failed') && {
            key: 'start',
            label: t('actions.start'),
            icon: <CaretRightOutlined />,
            permission: APP_INFO_PERMISSIONS.start,
            onClick: () => void startApp(app),
          },
          (app.status === 'running' || app.status === 'failed') && {
            key: 'stop',
            label: t('actions.stop'),
            icon: <PauseOutlined />,
            permission: APP_INFO_PERMISSIONS.stop,
            onClick: () => void stopApp(app),
          },
          {
            key: 'answer-test',
            label: t('answer-test:open'),
            icon: <ExperimentOutlined />,
            // The test shows the customer's knowledge: the documents' view permission guards it.
            permission: KNOWLEDGE_FILE_PERMISSIONS.list,
            onClick: () =>
              setTesting({ id: app.id, name: app.name, customerId: app.customerId, customerName: app.customerName }),
          },
          {
            key: 'website-widget',
            label: t('widget.action'),
            icon: <GlobalOutlined />,
            permission: APP_INFO_PERMISSIONS.list,
            onClick: () => setWidgetApp(app),
          },
          {
            key: 'rotate-key',
            label: t('actions.rotateKey'),
            icon: <KeyOutlined />,
            permission: APP_INFO_PERMISSIONS.key,
            onClick: () => void rotateKey(app),
          },
          can(APP_INFO_PERMISSIONS.remove) && {
            key: 'delete',
            label: t('crud:delete'),
            icon: <DeleteOutlined />,
            danger: true,
            disabled: LIVE.has(app.status),
            ...(LIVE.has(app.status) ? { title: t('deleteRunning') } : {}),
            onClick: () => void confirmDelete([app.name], () => remove.mutateAsync(app.id), <p>{t('deleteNote')}</p>),
          },
        ]}
      />
      <AppDialog
        {...dialog.props}
        onCreated={(app) => setShownKey({ name: app.name, port: app.port, apiKey: app.apiKey, rotated: false })}
      />
      <ApiKeyDialog shown={shownKey} onClose={() => setShownKey(null)} />
      <WidgetDrawer
        app={widgetShown}
        waiting={waitingShown}
        onClose={() => {
          setWidgetApp(null);
          setWaitingShown(false);
        }}
        onEdit={can(APP_INFO_PERMISSIONS.edit) ? dialog.edit : undefined}
        onStart={can(APP_INFO_PERMISSIONS.start) ? (app) => void startApp(app) : undefined}
      />
      <AnswerTestDrawer open={testing !== null} onClose={() => setTesting(null)} app={testing ?? undefined} />
    </>
  );
}
