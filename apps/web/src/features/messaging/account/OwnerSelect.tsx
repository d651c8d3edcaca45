import type { ChatAccountOwnerOption } from '@agent-console/contracts';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChatAccountOwnerOptions } from '../../../platform/resources/chat-account';

/** Waits for a pause in typing before asking the server, as a search field does. */
const SEARCH_DELAY_MS = 300;

const labelOf = (u: ChatAccountOwnerOption) =>
  u.nickName && u.nickName !== u.username ? `${u.nickName} (${u.username})` : u.username;

interface Props {
  value?: number | undefined;
  onChange?: (value: number | undefined) => void;
  customerId?: number | undefined;
}

/**
 * The account list's owner filter (issue 37): users of the caller's data scope, searched on the
 * server as one types (a customer may have many), with the chosen owner always among the
 * options so a filter restored from the URL shows a name, not a number.
 */
export function OwnerSelect({ value, onChange, customerId }: Props) {
  const { t } = useTranslation('chat-account');
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const owners = useChatAccountOwnerOptions(
    { ...(keyword ? { keyword } : {}), ...(customerId ? { customerId } : {}), ...(value ? { userId: value } : {}) },
    opened || value !== undefined,
  );
  return (
    <Select<number>
      allowClear
      showSearch={{ filterOption: false, onSearch: setTyped }}
      value={value}
      onChange={(v) => onChange?.(v ?? undefined)}
      onOpenChange={(open) => {
        if (open) setOpened(true);
        else setTyped('');
      }}
      loading={owners.isFetching}
      options={(owners.data ?? []).map((u) => ({ value: u.id, label: labelOf(u) }))}
      notFoundContent={owners.isFetching ? t('owner.loading') : t('owner.none')}
      placeholder={t('owner.placeholder')}
      popupMatchSelectWidth={false}
      style={{ width: 180 }}
      data-testid="filter-owner"
    />
  );
}
