import {
  VISITOR_CONVERSATION_SORT_FIELDS,
  type VisitorConversation,
  type VisitorConversationPageQuery,
} from '@agent-console/contracts';
import { EyeOutlined } from '@ant-design/icons';
import { Checkbox, Form, Input, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVisitorPage } from '../../../platform/resources/app-info';
import { CrudTable, formatTime, SearchForm, useCrudList } from '../../../ui/crud';
import { VisitorTranscript } from './VisitorTranscript';

/** A cell's text clipped to its column, whole in a tooltip. */
const clipped = (text: string) => (
  <Tooltip placement="topLeft" title={text}>
    <span>{text}</span>
  </Tooltip>
);

const WAITING = { needsPerson: true };

/** The conversations; an unticked "Waiting for a person" is no filter (not "those not waiting"). */
const useVisitors = ({ needsPerson, ...query }: VisitorConversationPageQuery) =>
  useVisitorPage({ ...query, ...(needsPerson ? { needsPerson: true } : {}) });

interface Props {
  appId: number;
  /** A source was opened from a transcript: the console goes to it, the drawer gets out of the way. */
  onLeave(): void;
  /** Starts filtered to those waiting for a person. */
  waitingOnly?: boolean;
}

/**
 * The app's website visitors' conversations, last written first: where each came from, what it
 * began with, and whether it waits for a person. A row (a click, or Enter on it) opens its
 * transcript. Its state is kept in memory: the URL belongs to the App info list behind.
 */
export function VisitorList({ appId, onLeave, waitingOnly = false }: Props) {
  const { t } = useTranslation(['app', 'crud']);
  const { list, table, column } = useCrudList({
    usePage: useVisitors,
    params: { appId },
    sortable: VISITOR_CONVERSATION_SORT_FIELDS,
    initialFilters: waitingOnly ? WAITING : undefined,
  });
  const [open, setOpen] = useState<VisitorConversation | null>(null);

  const columns: TableColumnsType<VisitorConversation> = [
    column.time('lastMessageAt', t('widget.visitors.lastMessageAt'), { short: true }),
    {
      title: t('widget.visitors.visitor'),
      dataIndex: 'visitor',
      width: 88,
      render: (visitor: string) => <code className="widget-visitor-id">{visitor}</code>,
    },
    {
      title: t('widget.visitors.origin'),
      dataIndex: 'origin',
      ellipsis: { showTitle: false },
      render: (origin: string | null) => (origin ? clipped(origin) : '—'),
    },
    {
      title: t('widget.visitors.title'),
      dataIndex: 'title',
      ellipsis: { showTitle: false },
      render: clipped,
    },
    { title: t('widget.visitors.answers'), dataIndex: 'answers', width: 76, align: 'right' },
    {
      title: t('widget.visitors.needsPerson'),
      dataIndex: 'needsPersonAt',
      width: 116,
      render: (at: string | null) =>
        at && (
          <Tooltip title={t('widget.visitors.needsPersonSince', { time: formatTime(at) })}>
            <Tag color="red" data-testid="visitor-needs-person">
              {t('widget.visitors.needsPerson')}
            </Tag>
          </Tooltip>
        ),
    },
    column.time('createdAt', t('widget.visitors.createdAt'), { short: true, hidden: true }),
  ];

  return (
    <>
      <CrudTable<VisitorConversation>
        embedded
        testId="visitor-list"
        {...table}
        batch={false}
        search={
          <SearchForm list={list} testId="visitor-search">
            <Form.Item name="origin" label={t('widget.visitors.origin')}>
              <Input
                allowClear
                maxLength={200}
                placeholder={t('widget.visitors.originPlaceholder')}
                data-testid="visitor-filter-origin"
              />
            </Form.Item>
            <Form.Item name="needsPerson" valuePropName="checked">
              <Checkbox data-testid="visitor-filter-needs-person">{t('widget.visitors.needsPersonOnly')}</Checkbox>
            </Form.Item>
          </SearchForm>
        }
        emptyText={t('widget.visitors.empty')}
        size="small"
        columns={columns}
        rowName={(row) => String(row.id)}
        actionIcons
        actionsWidth={76}
        rowActions={(row) => [
          { key: 'visitor-view', label: t('widget.visitors.view'), icon: <EyeOutlined />, onClick: () => setOpen(row) },
        ]}
        onRow={(row) => ({
          tabIndex: 0,
          className: 'widget-visitor-row',
          'aria-label': t('widget.visitors.rowLabel', { visitor: row.visitor, title: row.title }),
          onClick: (event) => {
            // The row's own links (View) act for themselves.
            if ((event.target as HTMLElement).closest('button, a')) return;
            setOpen(row);
          },
          onKeyDown: (event) => {
            if (event.key === 'Enter' && event.target === event.currentTarget) setOpen(row);
          },
        })}
        data-testid="visitor-table"
      />
      <VisitorTranscript
        conversation={open}
        onClose={() => setOpen(null)}
        onLeave={() => {
          setOpen(null);
          onLeave();
        }}
      />
    </>
  );
}
