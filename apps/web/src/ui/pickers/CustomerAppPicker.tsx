import type { AppOption } from '@agent-console/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { appInfoApi, appInfoKeys } from '../../platform/resources/app-info';
import { CustomerTreeSelect } from './CustomerTreeSelect';
import { useCustomerReach } from './customer-reach';
import './customer-app-picker.css';

export interface CustomerApp {
  customerId?: number;
  appId?: number;
}

export interface CustomerAppChoice {
  /** As picked (kept in the URL). */
  value: CustomerApp;
  /** The chosen customer's apps; empty until a customer is chosen. */
  apps: AppOption[];
  appsLoading: boolean;
  /** Both chosen, and the app is one of the customer's: what the screen works on. */
  target: { customerId: number; appId: number } | null;
  choose(next: CustomerApp): void;
}

const positiveId = (text: string | null) => (text && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : undefined);

/**
 * The customer and app a screen works on, kept in the page's URL so that a reload or a shared link
 * keeps them. An app that is not one of the chosen customer's (an edited link, a moved app) counts
 * as not chosen. Where there is only one to choose (a person who sees one customer, a customer
 * with one app) it is chosen already: nobody should pick the only option on every visit.
 */
export function useCustomerAppChoice(): CustomerAppChoice {
  const [params, setParams] = useSearchParams();
  const customerId = positiveId(params.get('customerId'));
  const appId = customerId === undefined ? undefined : positiveId(params.get('appId'));
  const apps = useQuery({
    queryKey: [...appInfoKeys.all, 'options', customerId ?? null],
    queryFn: () => appInfoApi.list(customerId),
    enabled: customerId !== undefined,
  });
  const list = customerId === undefined ? [] : (apps.data ?? []);
  const known = appId !== undefined && list.some((a) => a.id === appId && a.customerId === customerId);
  const choose = (next: CustomerApp) => {
    const out: Record<string, string> = {};
    if (next.customerId !== undefined) out.customerId = String(next.customerId);
    if (next.customerId !== undefined && next.appId !== undefined) out.appId = String(next.appId);
    setParams(out, { replace: true });
  };
  const onlyCustomer = useCustomerReach().only;
  const onlyApp = list.length === 1 ? list[0]?.id : undefined;
  const pickCustomer = customerId === undefined ? onlyCustomer : undefined;
  const pickApp = customerId !== undefined && !known ? onlyApp : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: chooses once per lone option, not on every render
  useEffect(() => {
    if (pickCustomer !== undefined) choose({ customerId: pickCustomer });
    else if (pickApp !== undefined) choose({ customerId, appId: pickApp });
  }, [pickCustomer, pickApp]);
  return {
    value: { customerId, appId: known ? appId : undefined },
    apps: list,
    appsLoading: customerId !== undefined && apps.isPending,
    target: customerId !== undefined && appId !== undefined && known ? { customerId, appId } : null,
    choose,
  };
}

interface Props {
  choice: CustomerAppChoice;
  /** Asked before the choice changes (unsaved changes); the change happens once it resolves true. */
  confirmChange?: () => Promise<boolean>;
  testIdPrefix: string;
}

/**
 * Customer first (the tree the caller may see), then one of that customer's apps: the AI screens
 * configure one app of one customer (WAVE2 §0.2). A new customer clears the app.
 */
export function CustomerAppPicker({ choice, confirmChange, testIdPrefix }: Props) {
  const { t } = useTranslation('common');
  const { value } = choice;
  const change = async (next: CustomerApp) => {
    if (next.customerId === value.customerId && next.appId === value.appId) return;
    if (confirmChange && !(await confirmChange())) return;
    choice.choose(next);
  };
  return (
    <Form layout="inline" className="customer-app-picker">
      <Form.Item label={t('picker.customer')} required>
        <CustomerTreeSelect
          className="customer-app-picker-customer"
          value={value.customerId}
          onChange={(customerId?: number) => void change({ customerId })}
          placeholder={t('picker.customerPlaceholder')}
          allowClear={false}
          data-testid={`${testIdPrefix}-customer`}
        />
      </Form.Item>
      <Form.Item label={t('picker.app')} required>
        <Select<number>
          className="customer-app-picker-app"
          value={value.appId}
          onChange={(appId) => void change({ customerId: value.customerId, appId })}
          disabled={value.customerId === undefined}
          loading={choice.appsLoading}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={value.customerId === undefined ? t('picker.customerFirst') : t('picker.appPlaceholder')}
          notFoundContent={choice.appsLoading ? undefined : t('picker.noApps')}
          options={choice.apps.map((a) => ({ value: a.id, label: `${a.name} (${a.code})` }))}
          data-testid={`${testIdPrefix}-app`}
        />
      </Form.Item>
    </Form>
  );
}
