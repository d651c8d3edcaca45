import {
  codePointLength,
  describeFieldError,
  type FieldReason,
  type Language,
  MAIN_PROMPT_MAX,
  mainPromptContentSchema,
  reasonForIssue,
} from '@agent-console/contracts';
import { Alert, Button, Form, Input, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../../platform/api/feedback';
import { formatTime } from '../../../../ui/crud';
import { useMainPrompt, useSaveMainPrompt } from '../ai-role.api';
import { EditorActions } from '../CustomerAppPage';

interface Props {
  target: { customerId: number; appId: number };
  canEdit: boolean;
  onDirtyChange(dirty: boolean): void;
}

/** The first `max` code points of a text: typing or pasting past the limit stops there. */
const firstCodePoints = (text: string, max: number) => Array.from(text).slice(0, max).join('');

/**
 * The main prompt of one app. It is shown only once loaded: a failed load says so with a retry
 * and never shows an empty editor that could pass for the saved prompt.
 */
export function MainPromptEditor({ target, canEdit, onDirtyChange }: Props) {
  const { t, i18n } = useTranslation('ai-role');
  const config = useMainPrompt(target);
  const save = useSaveMainPrompt();
  // null: not edited since loaded or saved, so the saved prompt is shown.
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const saved = config.data?.content ?? '';
  const value = draft ?? saved;
  const dirty = draft !== null && draft !== saved;

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  if (config.isPending) return <Skeleton active paragraph={{ rows: 5 }} data-testid="main-prompt-loading" />;
  if (config.isError) {
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={t('mainPrompt.loadFailed')}
        description={config.error.message}
        action={
          <Button
            onClick={() => void config.refetch()}
            loading={config.isFetching}
            data-testid="main-prompt-retry-load"
          >
            {t('retry')}
          </Button>
        }
        data-testid="main-prompt-load-error"
      />
    );
  }
  const data = config.data;

  const submit = async () => {
    setSaveError(null);
    const checked = mainPromptContentSchema.safeParse(value, { error: reasonForIssue });
    if (!checked.success) {
      const reason = (checked.error.issues[0]?.message ?? 'invalidValue') as FieldReason;
      setProblem(
        reason === 'required'
          ? t('mainPrompt.required')
          : describeFieldError({ field: 'content', reason }, i18n.language as Language),
      );
      return;
    }
    try {
      // The saved (trimmed) prompt replaces the loaded one; the editor shows it from there.
      await save.mutateAsync({ ...target, content: checked.data });
      setDraft(null);
      feedback.success(t('mainPrompt.saved'));
    } catch (err) {
      setSaveError(err instanceof Error ? err.message : String(err));
    }
  };

  const remaining = MAIN_PROMPT_MAX - codePointLength(value);
  return (
    <Form layout="vertical" className="main-prompt-form" onFinish={() => void submit()} data-testid="main-prompt-form">
      {!data.content && (
        <Alert type="info" showIcon title={t('mainPrompt.builtIn')} data-testid="main-prompt-built-in" />
      )}
      <Form.Item
        label={t('mainPrompt.label')}
        required
        validateStatus={problem ? 'error' : undefined}
        help={problem ?? t('mainPrompt.help', { max: MAIN_PROMPT_MAX })}
      >
        <Input.TextArea
          className="main-prompt-text"
          value={value}
          onChange={(e) => {
            setDraft(e.target.value);
            setProblem(null);
          }}
          readOnly={!canEdit}
          // Counted in code points, as the server counts: "字" and "😀" are one character each.
          count={{
            max: MAIN_PROMPT_MAX,
            strategy: codePointLength,
            exceedFormatter: (text, { max }) => firstCodePoints(text, max),
          }}
          autoSize={{ minRows: 5, maxRows: 12 }}
          placeholder={t('mainPrompt.placeholder')}
          aria-describedby="main-prompt-remaining"
          data-testid="main-prompt-text"
        />
      </Form.Item>
      <div className="main-prompt-meta">
        <Typography.Text
          id="main-prompt-remaining"
          type={remaining === 0 ? 'warning' : 'secondary'}
          aria-live="polite"
          data-testid="main-prompt-remaining"
        >
          {t('remaining', { count: remaining })}
        </Typography.Text>
        <Typography.Text type="secondary" data-testid="main-prompt-last-changed">
          {data.updatedAt
            ? t('lastChanged', { by: data.updatedBy ?? t('someone'), at: formatTime(data.updatedAt) })
            : t('neverSaved')}
        </Typography.Text>
      </div>
      {saveError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          className="ai-role-save-error"
          title={t('mainPrompt.saveFailed')}
          description={saveError}
          action={
            <Button onClick={() => void submit()} loading={save.isPending} data-testid="main-prompt-retry-save">
              {t('retry')}
            </Button>
          }
          data-testid="main-prompt-save-error"
        />
      )}
      <EditorActions
        canEdit={canEdit}
        dirty={dirty}
        saving={save.isPending}
        onUndo={() => {
          setDraft(null);
          setProblem(null);
        }}
        testIdPrefix="main-prompt"
      />
    </Form>
  );
}
