import type { LeadAudit } from '@agent-console/contracts';
import { CheckCircleFilled, ExclamationCircleOutlined } from '@ant-design/icons';
import { Button, Empty, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../ui/crud';

type Captured = NonNullable<LeadAudit['items'][number]['captured']>;

interface Props {
  leads: LeadAudit;
  /** Brings the message a value was taken from into view in the transcript. */
  onShowMessage(messageId: number): void;
}

/**
 * Lead capture, auditable: each item the app asks for, captured (value, when, how, and a link to
 * the message it came from) or missing; values of items the app no longer asks for after them.
 */
export function LeadAuditList({ leads, onShowMessage }: Props) {
  const { t } = useTranslation('chat-address');
  const k = 'conversation.leads';
  if (leads.appId === null) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`${k}.noApp`)} />;

  const capturedLine = (c: Captured, testId: string) => (
    <div className="conv-lead-captured">
      <Typography.Text strong data-testid={`${testId}-value`}>
        {c.value}
      </Typography.Text>
      <Typography.Text type="secondary" className="conv-lead-when">
        {t(`${k}.capturedAt`, { time: formatTime(c.capturedAt), method: t(`${k}.method.${c.method}`, c.method) })}
      </Typography.Text>
      {c.messageId === null ? (
        <Typography.Text type="secondary">{t(`${k}.messageGone`)}</Typography.Text>
      ) : (
        <Button
          type="link"
          size="small"
          className="conv-lead-link"
          onClick={() => onShowMessage(c.messageId as number)}
          data-testid={`${testId}-message`}
        >
          {t(`${k}.fromMessage`)}
        </Button>
      )}
    </div>
  );

  return (
    <div className="conv-leads" data-testid="conversation-leads">
      {leads.appName && (
        <Typography.Paragraph type="secondary">{t(`${k}.app`, { name: leads.appName })}</Typography.Paragraph>
      )}
      {leads.items.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`${k}.none`)} />}
      <ul className="conv-lead-list">
        {leads.items.map((item, i) => (
          <li key={item.item} data-testid={`lead-${i}`} data-captured={!!item.captured}>
            <div className="conv-lead-head">
              {item.captured ? (
                <CheckCircleFilled className="conv-lead-ok" aria-hidden />
              ) : (
                <ExclamationCircleOutlined className="conv-lead-missing" aria-hidden />
              )}
              <Typography.Text strong>{item.item}</Typography.Text>
              <Tag color={item.captured ? 'green' : 'default'}>
                {item.captured ? t(`${k}.captured`) : t(`${k}.missing`)}
              </Tag>
            </div>
            {item.description && <div className="conv-lead-desc">{item.description}</div>}
            {item.captured && capturedLine(item.captured, `lead-${i}`)}
          </li>
        ))}
      </ul>
      {leads.other.length > 0 && (
        <>
          <Typography.Title level={5}>{t(`${k}.other`)}</Typography.Title>
          <ul className="conv-lead-list">
            {leads.other.map((o, i) => (
              <li key={o.item} data-testid={`lead-other-${i}`}>
                <div className="conv-lead-head">
                  <Typography.Text strong>{o.item}</Typography.Text>
                </div>
                {capturedLine(o, `lead-other-${i}`)}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
