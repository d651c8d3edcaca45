import { CustomerServiceOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNeedsPersonCount } from '../../api/conversation';

/** The contacts screen of one account, showing only the conversations waiting for a person. */
const contactsWaiting = (accountId: number) => `/chat/address?accountId=${accountId}&needsPerson=true`;

/**
 * Conversations waiting for a person (the agent had nothing to answer), in the caller's scope:
 * the total, and per account a link to its contacts filtered to them.
 */
export function NeedsPersonCard() {
  const { t } = useTranslation('home');
  const count = useNeedsPersonCount(true);
  const data = count.data;
  return (
    <Card
      title={
        <span>
          <CustomerServiceOutlined /> {t('needsPerson.title')}
        </span>
      }
      extra={
        data && (
          <Tag color={data.total ? 'red' : 'green'} data-testid="home-needs-person-total">
            {data.total}
          </Tag>
        )
      }
      data-testid="home-needs-person"
    >
      {count.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : count.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('needsPerson.failed')}
          action={
            <Button size="small" onClick={() => void count.refetch()}>
              {t('needsPerson.retry')}
            </Button>
          }
        />
      ) : !data?.total ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('needsPerson.none')} />
      ) : (
        // A plain list: antd's List brings its pager (and the pager its size select) to Home.
        <ul className="home-needs-person-list">
          {data.accounts.map((a) => (
            <li key={a.accountId}>
              <Link to={contactsWaiting(a.accountId)} data-testid={`home-needs-person-${a.accountId}`}>
                {t('needsPerson.account', { name: a.nickname || a.accountId, count: a.count })}
              </Link>
              <Tag color="red">{a.count}</Tag>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
