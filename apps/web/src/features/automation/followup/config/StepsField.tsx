import { FOLLOWUP_LIMITS } from '@agent-console/contracts';
import { InputNumber, Typography } from 'antd';
import { NoFormStyle } from 'antd/es/form/context';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageList, type MessageListWord } from '../../../../ui/message-list/MessageList';
import { newStep, type StepRow, stepComplete } from './strategy-form';

interface Props {
  /** The form field's value and change (a `Form.Item` hands them in). */
  value?: StepRow[];
  onChange?: (rows: StepRow[]) => void;
  /** The customer the uploads belong to. */
  customerId: number | undefined;
}

/**
 * The strategy's steps, sent in order (WAVE2 §15.8): each a welcome-message item, and from the
 * second on the hours to wait after the step before it.
 */
export function StepsField({ value = [], onChange, customerId }: Props) {
  const { t } = useTranslation('followup');
  // Uploads update their row when they finish: each change starts from the latest rows.
  const latest = useRef(value);
  latest.current = value;
  const change = (fn: (rows: StepRow[]) => StepRow[]) => {
    const next = fn(latest.current);
    latest.current = next;
    onChange?.(next);
  };
  const { min, max } = FOLLOWUP_LIMITS.stepDelayHours;
  // The field's error names the step it is about; the inputs of the other steps must not turn red.
  return (
    <NoFormStyle status override>
      <MessageList<StepRow>
        rows={value}
        customerId={customerId}
        canEdit
        max={FOLLOWUP_LIMITS.stepsMax}
        onChange={change}
        newRow={newStep}
        complete={(row) => stepComplete(row, value.indexOf(row))}
        words={(key: MessageListWord, values) => t(`steps.${key}`, values)}
        testIdPrefix="step"
        rowExtra={(row, index, update) =>
          index === 0 ? (
            <Typography.Text type="secondary" className="message-row-extra" data-testid="step-first-note">
              {t('steps.firstNote')}
            </Typography.Text>
          ) : (
            <span className="message-row-extra">
              <span>{t('steps.waitBefore', { n: index })}</span>
              <InputNumber<number>
                min={min}
                max={max}
                precision={0}
                value={row.delayHours}
                onChange={(hours) => update((r) => ({ ...r, delayHours: hours ?? null }))}
                suffix={t('units.hours')}
                style={{ width: 120 }}
                aria-label={t('steps.waitLabel', { n: index + 1 })}
                data-testid="step-delay"
              />
              <span>{t('steps.waitAfter', { n: index })}</span>
            </span>
          )
        }
      />
    </NoFormStyle>
  );
}
