import { Empty, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQaPage } from '../../../platform/resources/qa';
import { Highlighted, highlight } from './Highlighted';
import { ViewerPane } from './ViewerPane';

const PAGE_SIZE = 10;

/** The QA whose source is this document (mined, imported or added by hand), searchable. */
export function DocumentQaList({ fileId }: { fileId: number }) {
  const { t } = useTranslation(['knowledge-viewer', 'knowledge-qa']);
  const [keyword, setKeyword] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const query = useQaPage({ pageNum, pageSize: PAGE_SIZE, fileId, ...(keyword ? { keyword } : {}) });
  const list = query.data?.list ?? [];

  let body: React.ReactNode;
  if (query.isPending) {
    body = <Skeleton active paragraph={{ rows: 6 }} data-testid="viewer-qa-loading" />;
  } else if (!list.length) {
    body = <Empty description={keyword ? t('qa.noMatch', { keyword }) : t('qa.empty')} data-testid="viewer-qa-empty" />;
  } else {
    body = list.map((qa) => (
      <article key={qa.id} className="fragment-card" data-testid={`viewer-qa-${qa.id}`}>
        <header className="fragment-head">
          <Typography.Text strong className="viewer-qa-question">
            <Highlighted text={qa.question} keyword={keyword} />
          </Typography.Text>
          <Tag>{t(`knowledge-qa:origin.${qa.origin}`)}</Tag>
        </header>
        <Typography.Paragraph
          ellipsis={keyword ? false : { rows: 4, expandable: 'collapsible' }}
          className="fragment-text"
        >
          {highlight(qa.answer, keyword)}
        </Typography.Paragraph>
      </article>
    ));
  }

  return (
    <ViewerPane
      testId="viewer-qa-list"
      searchTestId="viewer-qa-search"
      hint={t('qa.hint')}
      searchLabel={t('qa.search')}
      pageNum={pageNum}
      pageSize={PAGE_SIZE}
      total={query.data?.total ?? 0}
      refreshing={query.isFetching}
      stale={query.isPlaceholderData}
      totalLabel={(total) => t('qa.total', { count: total })}
      onSearch={(value) => {
        setKeyword(value);
        setPageNum(1);
      }}
      onPage={setPageNum}
    >
      {body}
    </ViewerPane>
  );
}
