import { Alert, Button, Card, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  title: string;
  testId: string;
  query: { isPending: boolean; isError: boolean; isFetching: boolean; refetch: () => unknown };
  empty?: boolean;
  children: ReactNode;
}

/**
 * One panel of the usage screen: it loads, fails (SPEC §8's usage load-failure message) and is
 * retried on its own, so one failing call never blanks the others.
 */
export function UsagePanel({ title, testId, query, empty, children }: Props) {
  const { t } = useTranslation('usage');
  let body: ReactNode;
  if (query.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('loadFailed')}
        data-testid={`${testId}-error`}
        action={
          <Button
            size="small"
            onClick={() => query.refetch()}
            loading={query.isFetching}
            data-testid={`${testId}-retry`}
          >
            {t('retry')}
          </Button>
        }
      />
    );
  } else if (query.isPending) {
    body = <Skeleton active paragraph={{ rows: 3 }} data-testid={`${testId}-loading`} />;
  } else if (empty) {
    body = <Empty description={t('empty')} data-testid={`${testId}-empty`} />;
  } else {
    body = children;
  }
  return (
    <Card title={title} size="small" className="usage-panel" data-testid={testId}>
      {body}
    </Card>
  );
}
