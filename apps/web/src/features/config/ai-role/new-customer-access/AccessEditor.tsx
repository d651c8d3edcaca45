import {
  describeFieldError,
  type FieldReason,
  type Language,
  reasonForIssue,
  saveNewCustomerAccessCommandSchema,
  WELCOME_MESSAGES_MAX,
} from '@agent-console/contracts';
import { Alert, Button, Skeleton, Switch, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../../platform/api/feedback';
import { formatTime } from '../../../../ui/crud';
import { MessageList, type MessageListWord } from '../../../../ui/message-list/MessageList';
import { useNewCustomerAccess, useSaveNewCustomerAccess } from '../ai-role.api';
import { EditorActions } from '../CustomerAppPage';
import { type AccessDraft, draftFrom, emptyWelcome, sameSettings, toCommand } from './access-rows';
import { LeadTable } from './LeadTable';

interface Props {
  target: { customerId: number; appId: number };
  canEdit: boolean;
  onDirtyChange(dirty: boolean): void;
}

/** What the last save check found: every message, and those of each row by list and index. */
interface Check {
  messages: string[];
  welcome: Record<number, string[]>;
  leads: Record<number, string[]>;
}

/** Finds what the server would refuse, with the same contract, naming rows as the server does. */
function checkDraft(draft: AccessDraft, target: Props['target'], lang: Language): Check | null {
  const body = toCommand(draft, target);
  // Issues as reason keys (`required`, `tooLong`), the words the server's answers are built from.
  const checked = saveNewCustomerAccessCommandSchema.safeParse(
    { command: 'saveNewCustomerAccess', ...body },
    { error: reasonForIssue },
  );
  if (checked.success) return null;
  const check: Check = { messages: [], welcome: {}, leads: {} };
  for (const issue of checked.error.issues) {
    const field = issue.path.join('.');
    const message = describeFieldError({ field, reason: issue.message as FieldReason }, lang);
    if (!check.messages.includes(message)) check.messages.push(message);
    const [list, index] = issue.path;
    const rows = list === 'welcomeMessages' ? check.welcome : list === 'leadItems' ? check.leads : null;
    if (rows && typeof index === 'number') rows[index] = [...(rows[index] ?? []), message];
  }
  return check;
}

/**
 * New-customer access of one app: auto-accept, welcome messages and the lead-cleaning table. It
 * is shown only once loaded; a failed load says so with a retry instead of an empty form.
 */
export function AccessEditor({ target, canEdit, onDirtyChange }: Props) {
  const { t, i18n } = useTranslation('ai-role');
  const config = useNewCustomerAccess(target);
  const save = useSaveNewCustomerAccess();
  const loaded = useMemo(() => (config.data ? draftFrom(config.data) : null), [config.data]);
  const [draft, setDraft] = useState<AccessDraft | null>(null);
  const [check, setCheck] = useState<Check | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const current = draft ?? loaded;
  const dirty = draft !== null && loaded !== null && !sameSettings(draft, loaded);

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  if (config.isPending) return <Skeleton active paragraph={{ rows: 8 }} data-testid="access-loading" />;
  if (config.isError || !current) {
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={t('access.loadFailed')}
        description={config.error?.message}
        action={
          <Button onClick={() => void config.refetch()} loading={config.isFetching} data-testid="access-retry-load">
            {t('retry')}
          </Button>
        }
        data-testid="access-load-error"
      />
    );
  }
  const data = config.data;

  const edit = (fn: (d: AccessDraft) => AccessDraft) => {
    setCheck(null);
    setDraft((previous) => fn(previous ?? current));
  };

  const submit = async () => {
    setSaveError(null);
    if (current.welcome.some((row) => row.uploading)) {
      setCheck({ messages: [t('access.stillUploading')], welcome: {}, leads: {} });
      return;
    }
    const found = checkDraft(current, target, i18n.language as Language);
    setCheck(found);
    if (found) return;
    try {
      await save.mutateAsync(toCommand(current, target));
      setDraft(null);
      feedback.success(t('access.saved'));
    } catch (err) {
      setSaveError(err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <div className="access-editor" data-testid="access-form">
      <section className="access-section">
        <Typography.Title level={5}>{t('access.autoAccept')}</Typography.Title>
        <div className="access-switch">
          <Switch
            checked={current.autoAcceptFriend}
            onChange={(on) => edit((d) => ({ ...d, autoAcceptFriend: on }))}
            disabled={!canEdit}
            aria-label={t('access.autoAccept')}
            data-testid="access-auto-accept"
          />
          <Typography.Text type="secondary">{t('access.autoAcceptHelp')}</Typography.Text>
        </div>
      </section>
      <section className="access-section">
        <Typography.Title level={5}>{t('welcome.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('welcome.help')}</Typography.Paragraph>
        <MessageList
          rows={current.welcome}
          customerId={target.customerId}
          canEdit={canEdit}
          max={WELCOME_MESSAGES_MAX}
          errors={check?.welcome ?? {}}
          onChange={(fn) => edit((d) => ({ ...d, welcome: fn(d.welcome) }))}
          newRow={emptyWelcome}
          words={(key: MessageListWord, values) => t(`welcome.${key}`, values)}
        />
      </section>
      <section className="access-section">
        <Typography.Title level={5}>{t('leads.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('leads.help')}</Typography.Paragraph>
        <LeadTable
          rows={current.leads}
          canEdit={canEdit}
          errors={check?.leads ?? {}}
          onChange={(fn) => edit((d) => ({ ...d, leads: fn(d.leads) }))}
        />
      </section>
      {check && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('access.checkFailed')}
          description={
            <ul className="access-problems">
              {check.messages.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          }
          data-testid="access-problems"
        />
      )}
      {saveError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('access.saveFailed')}
          description={saveError}
          action={
            <Button onClick={() => void submit()} loading={save.isPending} data-testid="access-retry-save">
              {t('retry')}
            </Button>
          }
          data-testid="access-save-error"
        />
      )}
      <Typography.Text type="secondary" data-testid="access-last-changed">
        {data?.updatedAt
          ? t('lastChanged', { by: data.updatedBy ?? t('someone'), at: formatTime(data.updatedAt) })
          : t('access.neverSaved')}
      </Typography.Text>
      <EditorActions
        canEdit={canEdit}
        dirty={dirty}
        saving={save.isPending}
        onSave={() => void submit()}
        onUndo={() => {
          setDraft(null);
          setCheck(null);
        }}
        testIdPrefix="access"
      />
    </div>
  );
}
