import { type AgentChatCustomer, DICT_TYPES } from '@agent-console/contracts';
import { Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDict } from '../../../platform/stores/dict-store';
import { useChatStore } from './chat-store';

/**
 * Which customer's app answers: the customer select appears only when there is more than one.
 * Another app starts a new conversation (the old one stays stored). An app that is not running
 * still answers here, since the bubble calls the pipeline directly and not the app's port; the
 * note says so.
 */
export function AppPicker({ customers, disabled }: { customers: readonly AgentChatCustomer[]; disabled: boolean }) {
  const { t } = useTranslation(['shell', 'app']);
  // The app status is a dictionary: its labels and colours are the ones the app list shows.
  const statuses = useDict(DICT_TYPES.appStatus);
  const customerId = useChatStore((s) => s.customerId);
  const appId = useChatStore((s) => s.appId);
  const pick = useChatStore((s) => s.pick);
  const customer = customers.find((c) => c.customerId === customerId);
  const app = customer?.apps.find((a) => a.id === appId);
  const pickCustomer = (id: number) => {
    const next = customers.find((c) => c.customerId === id);
    const first = next?.apps.find((a) => a.status === 'running') ?? next?.apps[0];
    if (next && first) pick(next.customerId, first.id);
  };
  return (
    <div className="chat-picker" data-testid="chat-picker">
      <div className="chat-picker-row">
        {customers.length > 1 && (
          <Select
            size="small"
            className="chat-picker-customer"
            value={customerId}
            onChange={pickCustomer}
            disabled={disabled}
            showSearch={{ optionFilterProp: 'label' }}
            aria-label={t('chat.customer')}
            data-testid="chat-customer"
            options={customers.map((c) => ({ value: c.customerId, label: c.customerName }))}
            popupMatchSelectWidth={false}
          />
        )}
        <Select
          size="small"
          className="chat-picker-app"
          value={appId}
          onChange={(id: number) => customer && pick(customer.customerId, id)}
          disabled={disabled}
          aria-label={t('chat.app')}
          data-testid="chat-app"
          popupMatchSelectWidth={false}
          options={(customer?.apps ?? []).map((a) => ({
            value: a.id,
            label: a.name,
            title: a.name,
            status: a.status,
          }))}
          optionRender={(option) => (
            <span className="chat-app-option">
              {option.data.label}
              <Tag color={statuses.option(option.data.status)?.color ?? 'default'}>
                {statuses.label(option.data.status)}
              </Tag>
            </span>
          )}
        />
      </div>
      {app && app.status !== 'running' && (
        <div className="chat-picker-note" data-testid="chat-app-not-running">
          {t('chat.notRunning', { status: statuses.label(app.status) })}
        </div>
      )}
    </div>
  );
}
