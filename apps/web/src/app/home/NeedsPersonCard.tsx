import { CustomerServiceOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Skeleton, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useResolver } from '../../platform/navigation/resolve-route';
import { visitorsWaitingLink } from '../../platform/navigation/visitors-link';
import { useNeedsPersonCount } from '../../platform/resources/conversation';
import { NeedsPersonReasonText } from '../../ui/chat-send/NeedsPersonReasonText';

/** The contacts screen of one account, showing only the conversations waiting for a person. */
const contactsWaiting = (accountId: number) => `/chat/address?accountId=${accountId}&needsPerson=true`;

/**
 * Conversations waiting for a person (the agent had nothing to answer, or its reply could not be
 * delivered), in the caller's scope: the total, per account a link to its contacts filtered to
 * them, and the latest few by name with why they wait and since when.
 */
export function NeedsPersonCard() {
  const { t } = useTranslation('home');
  const count = useNeedsPersonCount(true);
  // The names link to the contacts screen only for someone who may open it (issue 34).
  const resolve = useResolver();
  const mayOpen = resolve('/chat/address').kind === 'page';
  const mayOpenApps = resolve('/app/info').kind === 'page';
  const linkTo = (accountId: number, text: ReactNode, testId?: string) =>
    mayOpen ? (
      <Link to={contactsWaiting(accountId)} data-testid={testId}>
        {text}
      </Link>
    ) : (
      <span data-testid={testId}>{text}</span>
    );
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
        <>
          <ul className="home-needs-person-list">
            {data.accounts.map((a) => (
              <li key={a.accountId}>
                {linkTo(
                  a.accountId,
                  t('needsPerson.account', { name: a.nickname || a.accountId, count: a.count }),
                  `home-needs-person-${a.accountId}`,
                )}
                <Tag color="red">{a.count}</Tag>
              </li>
            ))}
            {data.visitors.map((v) => {
              const text = t('needsPerson.visitors', { name: v.appName, count: v.count });
              return (
                <li key={`app-${v.appId}`}>
                  {mayOpenApps ? (
                    <Link to={visitorsWaitingLink(v)} data-testid={`home-needs-person-app-${v.appId}`}>
                      {text}
                    </Link>
                  ) : (
                    <span data-testid={`home-needs-person-app-${v.appId}`}>{text}</span>
                  )}
                  <Tag color="red">{v.count}</Tag>
                </li>
              );
            })}
          </ul>
          {data.latest.length > 0 && <div className="home-needs-person-latest-title">{t('needsPerson.latest')}</div>}
          <ul className="home-needs-person-latest" data-testid="home-needs-person-latest">
            {data.latest.map((c) => (
              <li key={c.contactId} data-testid={`home-needs-person-contact-${c.contactId}`}>
                {linkTo(c.accountId, c.contactName)}
                <span className="home-needs-person-account"> · {c.accountName}</span>
                <div className="home-needs-person-reason">
                  <NeedsPersonReasonText reason={c.reason} at={c.at} />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
