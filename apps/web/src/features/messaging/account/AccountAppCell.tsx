import type { ChatAccount } from '@agent-console/contracts';
import { Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../platform/api/feedback';
import { useAppOptions } from '../../../platform/resources/app-info';
import { chatAccountApi, useChatAccountMutation } from '../../../platform/resources/chat-account';

/**
 * Which app (agent) serves an account (issue 16): its contacts are answered by that app and its
 * new friends welcomed by it. With `chat:account:edit` a select of the account's customer's apps
 * (loaded when it is first opened, so a long list asks for each customer's apps only on use);
 * otherwise the app's name.
 */
export function AccountAppCell({ account, editable }: { account: ChatAccount; editable: boolean }) {
  const { t } = useTranslation('chat-account');
  const [opened, setOpened] = useState(false);
  const apps = useAppOptions(account.customerId, editable && opened);
  const save = useChatAccountMutation((appId: number | null) => chatAccountApi.setApp(account.id, appId));
  if (!editable) {
    return account.appName ?? <Typography.Text type="secondary">{t('app.none')}</Typography.Text>;
  }
  const current =
    account.appId !== null ? [{ value: account.appId, label: account.appName ?? String(account.appId) }] : [];
  const options = apps.data ? apps.data.map((a) => ({ value: a.id, label: a.name })) : current;
  const choose = async (appId: number | null) => {
    // A failure has been shown by the API client.
    const saved = await save.mutateAsync(appId).catch(() => null);
    if (!saved) return;
    feedback.success(
      saved.appName
        ? t('app.saved', { account: saved.account, app: saved.appName })
        : t('app.cleared', { account: saved.account }),
    );
  };
  return (
    <Select<number>
      size="small"
      className="chat-account-app"
      value={account.appId ?? undefined}
      placeholder={t('app.none')}
      allowClear
      options={options}
      loading={apps.isFetching || save.isPending}
      disabled={save.isPending}
      onOpenChange={(open) => {
        if (open) setOpened(true);
      }}
      notFoundContent={apps.isFetching ? t('app.loading') : t('app.noApps')}
      onChange={(value) => void choose(value ?? null)}
      aria-label={t('app.label', { account: account.account })}
      data-testid={`account-app-${account.account}`}
      popupMatchSelectWidth={false}
    />
  );
}
