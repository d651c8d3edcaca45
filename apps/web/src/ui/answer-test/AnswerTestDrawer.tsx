import {
  AGENT_CHAT_MESSAGE_MAX,
  ANSWER_TEST_HISTORY_MAX,
  type AnswerTestRequest,
  type AnswerTestResult,
} from '@agent-console/contracts';
import { DeleteOutlined, ExperimentOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Form, Input, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useViewport } from '../../platform/lib/use-viewport';
import { useAnswerTest } from '../../platform/resources/answer-test';
import { applyServerErrors } from '../form/server-errors';
import { CustomerTreeSelect } from '../pickers/CustomerTreeSelect';
import { useOwnCustomerId } from '../pickers/customer-reach';
import { AnswerTestResultView } from './AnswerTestResult';
import './answer-test.css';

/** The app a test runs with (from App info): its configuration answers, its customer's knowledge is searched. */
export interface AnswerTestApp {
  id: number;
  name: string;
  customerId: number;
  customerName: string;
}

interface Props {
  open: boolean;
  onClose(): void;
  /** Absent: the Knowledge area's test, over a picked customer's knowledge with the default configuration. */
  app?: AnswerTestApp | undefined;
  /** The Knowledge area's test starts on the customer whose knowledge the page shows (else the caller's own). */
  customerId?: number | undefined;
}

/**
 * "Test a question" (issue 32): what the agent would do with a question, step by step. Opened from
 * the Documents and QA pages (any customer in the caller's scope) and from an app's row.
 */
export function AnswerTestDrawer({ open, onClose, app, customerId }: Props) {
  const { t } = useTranslation('answer-test');
  const phone = useViewport() === 'phone';
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={phone ? '100%' : 760}
      title={app ? t('titleApp', { name: app.name }) : t('title')}
      destroyOnHidden
      data-testid="answer-test-drawer"
    >
      {open && <AnswerTestPanel app={app} customerId={customerId} />}
    </Drawer>
  );
}

interface Values {
  customerId?: number;
  question: string;
  history?: string[];
}

function AnswerTestPanel({
  app,
  customerId: startOn,
}: {
  app: AnswerTestApp | undefined;
  customerId?: number | undefined;
}) {
  const { t } = useTranslation('answer-test');
  const ownCustomer = useOwnCustomerId();
  const firstCustomer = startOn ?? ownCustomer;
  const [form] = Form.useForm<Values>();
  const run = useAnswerTest();
  const [result, setResult] = useState<AnswerTestResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A new result (or error) that starts below the fold (on a phone, under the whole form) is
  // brought into view; one already in sight leaves the form where it is.
  const outcome = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const top = outcome.current?.getBoundingClientRect().top;
    if ((result || error) && top !== undefined && top > window.innerHeight - 160) {
      outcome.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    }
  }, [result, error]);

  const submit = async (values: Values) => {
    const customerId = app?.customerId ?? values.customerId;
    if (customerId === undefined) return;
    const history = (values.history ?? []).map((h) => h.trim()).filter(Boolean);
    const body: AnswerTestRequest = {
      customerId,
      question: values.question,
      ...(app ? { appId: app.id } : {}),
      ...(history.length ? { history } : {}),
    };
    setError(null);
    try {
      setResult(await run.mutateAsync(body));
    } catch (err) {
      setResult(null);
      setError(applyServerErrors(form, err));
    }
  };

  return (
    <div className="answer-test" data-testid="answer-test-panel">
      <Typography.Paragraph type="secondary" className="answer-test-hint" data-testid="answer-test-hint">
        {t('hint')}
      </Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ ...(firstCustomer ? { customerId: firstCustomer } : {}), question: '', history: [] }}
        onFinish={(values) => void submit(values)}
        onValuesChange={() => setError(null)}
        className="answer-test-form"
      >
        {app ? (
          <Typography.Paragraph className="answer-test-target" data-testid="answer-test-app">
            {t('appTarget', { app: app.name, customer: app.customerName })}
          </Typography.Paragraph>
        ) : (
          <Form.Item
            name="customerId"
            label={t('customer')}
            extra={t('customerHint')}
            rules={[{ required: true, message: t('customerRequired') }]}
          >
            <CustomerTreeSelect allowClear={false} placeholder={t('customer')} data-testid="answer-test-customer" />
          </Form.Item>
        )}
        <Form.List name="history">
          {(fields, { add, remove }) => (
            <Form.Item label={t('history.label')} extra={t('history.hint', { max: ANSWER_TEST_HISTORY_MAX })}>
              {fields.length > 0 && (
                <ol className="answer-test-history">
                  {fields.map((field, i) => (
                    <li key={field.key}>
                      <Form.Item
                        name={field.name}
                        noStyle
                        rules={[{ required: true, whitespace: true, message: t('history.required') }]}
                      >
                        <Input
                          maxLength={AGENT_CHAT_MESSAGE_MAX}
                          placeholder={t('history.placeholder', { n: i + 1 })}
                          aria-label={t('history.placeholder', { n: i + 1 })}
                          data-testid={`answer-test-history-${i}`}
                        />
                      </Form.Item>
                      <Button
                        type="text"
                        icon={<DeleteOutlined />}
                        onClick={() => remove(field.name)}
                        aria-label={t('history.remove', { n: i + 1 })}
                        data-testid={`answer-test-history-remove-${i}`}
                      />
                    </li>
                  ))}
                </ol>
              )}
              <Button
                type="dashed"
                size="small"
                icon={<PlusOutlined />}
                disabled={fields.length >= ANSWER_TEST_HISTORY_MAX}
                onClick={() => add('')}
                data-testid="answer-test-history-add"
              >
                {t('history.add')}
              </Button>
            </Form.Item>
          )}
        </Form.List>
        <Form.Item
          name="question"
          label={t('question')}
          extra={t('questionHint')}
          rules={[{ required: true, whitespace: true, message: t('questionRequired') }]}
        >
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 6 }}
            maxLength={AGENT_CHAT_MESSAGE_MAX}
            placeholder={t('questionPlaceholder')}
            onKeyDown={(event) => {
              // Enter asks, Shift+Enter starts a new line; an IME's Enter only picks its word.
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                form.submit();
              }
            }}
            data-testid="answer-test-question"
          />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          icon={<ExperimentOutlined />}
          loading={run.isPending}
          data-testid="answer-test-submit"
        >
          {t('submit')}
        </Button>
      </Form>
      <div ref={outcome} aria-live="polite" className="answer-test-outcome">
        {error && <Alert type="error" showIcon title={error} data-testid="answer-test-error" />}
        {result && <AnswerTestResultView result={result} />}
      </div>
    </div>
  );
}
