import { Input, Pagination, Typography } from 'antd';
import type { ReactNode } from 'react';

interface Props {
  testId: string;
  searchTestId: string;
  hint: string;
  searchLabel: string;
  pageNum: number;
  pageSize: number;
  total: number;
  /** Loading a new search or page. */
  refreshing: boolean;
  /** The list shown is the previous search's or page's, until the new one arrives. */
  stale: boolean;
  totalLabel: (total: number) => string;
  onSearch: (keyword: string) => void;
  onPage: (pageNum: number) => void;
  children: ReactNode;
}

/** One tab of the document viewer: a hint, a search box, the list and its pages. */
export function ViewerPane(props: Props) {
  return (
    <div className="viewer-pane" data-testid={props.testId}>
      <Typography.Paragraph type="secondary" className="viewer-hint">
        {props.hint}
      </Typography.Paragraph>
      <Input.Search
        allowClear
        maxLength={200}
        placeholder={props.searchLabel}
        aria-label={props.searchLabel}
        onSearch={(value) => props.onSearch(value.trim())}
        enterButton
        data-testid={props.searchTestId}
      />
      <div className={props.stale ? 'viewer-list viewer-list-stale' : 'viewer-list'} aria-busy={props.refreshing}>
        {props.children}
      </div>
      <Pagination
        size="small"
        current={props.pageNum}
        pageSize={props.pageSize}
        total={props.total}
        onChange={props.onPage}
        showSizeChanger={false}
        hideOnSinglePage
        showTotal={props.totalLabel}
        className="viewer-pagination"
      />
    </div>
  );
}
