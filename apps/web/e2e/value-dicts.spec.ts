import { DICT_TYPES, type DictEntry, type DictType, type PageResult } from '@agent-console/contracts';
import { freePort } from '@agent-console/server/test/child-server';
import { TEST_ADMIN_PASSWORD } from '@agent-console/server/test/test-database';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminHarnessForFile, openSignedIn } from './support/harness';

/**
 * Value dictionaries (issue 37): the app status and the follow-up values are shown through their
 * dictionaries, so a label an operator changes on the dictionary screen is what the app list's
 * status tag and the follow-up screen show, in English and in Chinese; a value whose entry is
 * switched off still shows its own words.
 */
const { h, admin } = adminHarnessForFile();
const APP_CODE = 'dict-desk';
const STRATEGY = 'Dict win back';
const B = '/api/v3/system/dict';

beforeAll(async () => {
  const app = await h.t.call('POST', '/api/v3/app/info/save', {
    token: admin(),
    body: { customerId: 1, name: 'Dict desk', code: APP_CODE, port: await freePort() },
  });
  expect(app.body.code).toBe('00000');
  const strategy = await h.t.call('POST', '/api/v3/followup/config/save', {
    token: admin(),
    body: {
      customerId: 1,
      name: STRATEGY,
      triggerType: 'noReply',
      triggerValue: 48,
      steps: [{ type: 'text', text: 'Hello again' }],
      maxSendsPerContact: 1,
    },
  });
  expect(strategy.body.code).toBe('00000');
});

async function entry(type: string, value: string): Promise<DictEntry> {
  const types = await h.t.call<PageResult<DictType>>('POST', `${B}/page`, { token: admin(), body: { keyword: type } });
  const typeId = types.body.data.list.find((d) => d.type === type)?.id;
  const entries = await h.t.call<PageResult<DictEntry>>('POST', `${B}/entry/page`, {
    token: admin(),
    body: { typeId, pageSize: 100 },
  });
  const found = entries.body.data.list.find((e) => e.value === value);
  if (!found) throw new Error(`no entry ${type}.${value}`);
  return found;
}

/** Opens a type's entries on the dictionary screen and relabels one entry in English and Chinese. */
async function relabel(page: Page, type: string, value: string, en: string, zh: string) {
  await page.goto('/system/dict');
  await page.getByTestId('dict-page').waitFor();
  await page.getByTestId('filter-keyword').fill(type);
  await page.getByTestId('crud-search-submit').click();
  await page.getByTestId(`entries-${type}`).click();
  const drawer = page.getByTestId('entry-drawer');
  await drawer.waitFor();
  // The product's values are never deleted, and kept as they are when an entry is edited.
  expect(await drawer.getByTestId(`delete-${value}`).count()).toBe(0);
  await drawer.getByTestId('entry-list').getByTestId(`edit-${value}`).click();
  await page.getByTestId('entry-dialog').waitFor();
  expect(await page.getByTestId('entry-dialog').locator('.ant-select-disabled').count()).toBe(1);
  await page.getByTestId('labels-en').fill(en);
  await page.getByTestId('labels-zh-chs').fill(zh);
  await page.getByTestId('crud-dialog-ok').click();
  await page.getByTestId('entry-dialog').waitFor({ state: 'detached' });
  await drawer.getByTestId('entry-table').getByText(en, { exact: true }).waitFor();
  await page.locator('.ant-drawer-close').click();
  await drawer.waitFor({ state: 'detached' });
}

async function appStatusText(page: Page): Promise<string> {
  await page.goto('/app/info');
  const status = page.getByTestId(`status-${APP_CODE}`);
  await status.waitFor();
  expect(await status.getAttribute('data-status')).toBe('stopped');
  return status.innerText();
}

async function triggerText(page: Page): Promise<string> {
  await page.goto('/followup/config');
  const trigger = page.getByTestId(`strategy-trigger-${STRATEGY}`);
  await trigger.waitFor();
  return trigger.innerText();
}

describe('value dictionaries on the screens', () => {
  it('shows the seeded labels before any change (en, zh-chs)', async () => {
    const en = await openSignedIn(h, 'admin', TEST_ADMIN_PASSWORD, 'en');
    expect(await appStatusText(en)).toBe('Stopped');
    expect(await triggerText(en)).toMatch(/^No reply for a while\s+48 hours$/);
    const zh = await openSignedIn(h, 'admin', TEST_ADMIN_PASSWORD, 'zh-chs');
    expect(await appStatusText(zh)).toBe('已停止');
    expect(await triggerText(zh)).toMatch(/^一段时间未回复\s+48 小时$/);
  });

  it('renames entries on the dictionary screen: the app list and the follow-up screen follow (en)', async () => {
    const page = await openSignedIn(h, 'admin', TEST_ADMIN_PASSWORD, 'en');
    await relabel(page, DICT_TYPES.appStatus, 'stopped', 'Parked', '已停放');
    await relabel(page, DICT_TYPES.followupTrigger, 'noReply', 'Gone quiet', '沉默了');
    await expect.poll(() => appStatusText(page)).toBe('Parked');
    expect(await triggerText(page)).toMatch(/^Gone quiet\s+48 hours$/);
    // The filters offer the new label too.
    await page.goto('/app/info');
    await page.getByTestId('filter-status').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Parked' }).waitFor();
  });

  it('shows the renamed labels in Chinese after a new sign-in (zh-chs)', async () => {
    const page = await openSignedIn(h, 'admin', TEST_ADMIN_PASSWORD, 'zh-chs');
    expect(await appStatusText(page)).toBe('已停放');
    expect(await triggerText(page)).toMatch(/^沉默了\s+48 小时$/);
  });

  it('shows a value whose entry is switched off in its own words', async () => {
    const noReply = await entry(DICT_TYPES.followupTrigger, 'noReply');
    const off = await h.t.call('POST', `${B}/entry/update/${noReply.id}`, {
      token: admin(),
      body: { typeId: noReply.typeId, value: 'noReply', labels: noReply.labels, sort: noReply.sort, enabled: false },
    });
    expect(off.body.code).toBe('00000');
    const page = await openSignedIn(h, 'admin', TEST_ADMIN_PASSWORD, 'zh-chs');
    expect(await triggerText(page)).toMatch(/^No reply\s+48 小时$/);
  });
});
