import type { KnowledgeFragment } from '@agent-console/contracts';
import { EditOutlined } from '@ant-design/icons';
import { Button, Empty, Skeleton, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../platform/api/feedback';
import { FragmentDialog } from './FragmentDialog';
import { useFragmentPage, useFragmentUpdate } from './fragment.api';
import { highlight } from './Highlighted';
import { ViewerPane } from './ViewerPane';

const PAGE_SIZE = 10;

interface Props {
  fileId: number;
  canEdit: boolean;
}

/** A document's fragments in reading order, searchable; each one may be corrected or switched off. */
export function FragmentList({ fileId, canEdit }: Props) {
  const { t } = useTranslation('knowledge-viewer');
  const [keyword, setKeyword] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const query = useFragmentPage(fileId, { pageNum, pageSize: PAGE_SIZE, ...(keyword ? { keyword } : {}) });
  const update = useFragmentUpdate();
  const [editing, setEditing] = useState<KnowledgeFragment | null>(null);
  const list = query.data?.list ?? [];

  const toggle = (fragment: KnowledgeFragment, enabled: boolean) =>
    void update
      .mutateAsync({ id: fragment.id, body: { enabled } })
      .then(() => feedback.success(enabled ? t('fragment.enabledOn') : t('fragment.enabledOff')))
      .catch(() => undefined);

  let body: React.ReactNode;
  if (query.isPending) {
    body = <Skeleton active paragraph={{ rows: 6 }} data-testid="fragments-loading" />;
  } else if (!list.length) {
    body = (
      <Empty
        description={keyword ? t('fragment.noMatch', { keyword }) : t('fragment.empty')}
        data-testid="fragments-empty"
      />
    );
  } else {
    body = list.map((f) => (
      <article
        key={f.id}
        className={f.enabled ? 'fragment-card' : 'fragment-card fragment-off'}
        data-testid={`fragment-${f.id}`}
        data-enabled={f.enabled}
      >
        <header className="fragment-head">
          <Typography.Text type="secondary" className="fragment-seq">
            #{f.seq}
          </Typography.Text>
          {f.heading && (
            <Typography.Text type="secondary" className="fragment-heading" title={t('fragment.headingHint')}>
              {f.heading}
            </Typography.Text>
          )}
          <Tag className="fragment-tokens" data-testid={`fragment-tokens-${f.id}`}>
            {t('fragment.tokens', { count: f.tokens })}
          </Tag>
          {!f.enabled && <Tag color="warning">{t('fragment.off')}</Tag>}
        </header>
        {/* While searching, the whole text shows, so every match is visible. */}
        <Typography.Paragraph
          ellipsis={keyword ? false : { rows: 6, expandable: 'collapsible' }}
          className="fragment-text"
          data-testid={`fragment-text-${f.id}`}
        >
          {highlight(f.content, keyword)}
        </Typography.Paragraph>
        <footer className="fragment-foot">
          <span className="fragment-switch">
            <Switch
              size="small"
              checked={f.enabled}
              disabled={!canEdit}
              loading={update.isPending && update.variables?.id === f.id && update.variables.body.enabled !== undefined}
              onChange={(enabled) => toggle(f, enabled)}
              aria-label={t('fragment.useLabel', { seq: f.seq })}
              data-testid={`fragment-enabled-${f.id}`}
            />
            <span>{f.enabled ? t('fragment.inUse') : t('fragment.notInUse')}</span>
          </span>
          {canEdit && (
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => setEditing(f)}
              data-testid={`fragment-edit-${f.id}`}
            >
              {t('fragment.edit')}
            </Button>
          )}
        </footer>
      </article>
    ));
  }

  return (
    <ViewerPane
      testId="fragment-list"
      searchTestId="fragment-search"
      hint={t('fragment.hint')}
      searchLabel={t('fragment.search')}
      pageNum={pageNum}
      pageSize={PAGE_SIZE}
      total={query.data?.total ?? 0}
      refreshing={query.isFetching}
      stale={query.isPlaceholderData}
      totalLabel={(total) => t('fragment.total', { count: total })}
      onSearch={(value) => {
        setKeyword(value);
        setPageNum(1);
      }}
      onPage={setPageNum}
    >
      {body}
      {editing && <FragmentDialog fragment={editing} onClose={() => setEditing(null)} />}
    </ViewerPane>
  );
}
