import { appItems, appNamespaces, customers } from '@agent-console/server/test/db';
import { insertApp } from '@agent-console/server/test/fixtures/apps';
import { TEST_ADMIN_PASSWORD } from '@agent-console/server/test/test-database';
import { and, eq, isNull } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, openSignedIn, startHarness } from './support/harness';

/** The configuration centre: app picker, namespace dialog, item dialog, masks and the count confirmation. */
let h: Harness;
let rootId: number;
beforeAll(async () => {
  h = await startHarness();
  const [root] = await h.t.database.db.select({ id: customers.id }).from(customers).where(isNull(customers.parentId));
  if (!root) throw new Error('no root customer');
  rootId = root.id;
});
afterAll(() => h.close());

/** The stored items of an app's `agent` namespace, which its answers read (API tests cover the reader). */
async function agentValues(appId: number) {
  const rows = await h.t.database.db
    .select({ key: appItems.key, value: appItems.value })
    .from(appItems)
    .innerJoin(appNamespaces, eq(appNamespaces.id, appItems.namespaceId))
    .where(and(eq(appNamespaces.appId, appId), eq(appNamespaces.name, 'agent')));
  return rows.map((r) => [r.key, r.value]);
}

const dialogOk = (page: Page) => page.getByTestId('crud-dialog-ok').click();

async function createNamespace(page: Page, name: string, format: string) {
  await page.getByTestId('namespace-list').getByTestId('crud-create').click();
  await page.getByTestId('namespace-name').fill(name);
  await page.getByTestId(`namespace-format-${format}`).click();
  await dialogOk(page);
  await page.getByTestId('namespace-dialog').waitFor({ state: 'detached' });
  await page.getByTestId(`namespace-open-${name}`).waitFor();
}

async function openItemDialog(page: Page, key: string, value: string, secret = false) {
  await page.getByTestId('item-list').getByTestId('crud-create').click();
  const dialog = page.getByTestId('item-dialog');
  await dialog.waitFor();
  if (secret) await page.getByTestId('item-secret').check();
  await dialog.getByTestId('item-key').fill(key);
  await dialog.getByTestId('item-value').fill(value);
  await dialogOk(page);
}

async function saveItem(page: Page, key: string, value: string, secret = false) {
  await openItemDialog(page, key, value, secret);
  await page.getByTestId('item-dialog').waitFor({ state: 'detached' });
  await page.getByTestId('item-list').getByTestId(`value-${key}`).waitFor();
}

describe('configuration centre', () => {
  it('without apps, points to the app info screen', async () => {
    const page = await openSignedIn(h, 'admin', TEST_ADMIN_PASSWORD, 'en');
    await page.goto('/app/item');
    await page.getByTestId('app-config-no-apps').waitFor();
    expect(await page.getByTestId('app-config-no-apps').innerText()).toContain('No apps yet');
    expect(await page.getByTestId('app-config-no-apps').locator('a').getAttribute('href')).toBe('/app/info');
  });

  it('en: picks an app (kept in the URL), creates a namespace and items, masks a secret, deletes after the count', async () => {
    await insertApp(h.t, { customerId: rootId, name: 'Alpha desk', code: 'alpha' });
    const beta = await insertApp(h.t, { customerId: rootId, name: 'Beta desk', code: 'beta' });
    const page = await openSignedIn(h, 'admin', TEST_ADMIN_PASSWORD, 'en');
    await page.goto('/app/item');
    await page.getByTestId('agent-hint').getByText('Well-known keys').click();
    await page.getByTestId('agent-keys').getByText('qaMatchThreshold').waitFor();

    await page.getByTestId('app-config-app').click();
    await page.locator('.ant-select-item-option', { hasText: 'Beta desk' }).click();
    await page.waitForURL(new RegExp(`appId=${beta.id}`));
    await page.reload();
    await page.getByTestId('app-config-app').getByText('Beta desk (beta)').waitFor();
    await page.getByTestId('namespace-list').getByText('This app has no namespaces yet').waitFor();

    await createNamespace(page, 'settings', 'json');
    await page.getByTestId('item-list').getByText('Items of “settings”').waitFor();

    // A value that is not JSON is refused with the parser's position under the field; fixed, it saves.
    await openItemDialog(page, 'limits', '{"max": 5,');
    await page
      .getByTestId('item-dialog')
      .locator('.ant-form-item-explain-error')
      .getByText('Value is not valid JSON (line 1, column 11)')
      .waitFor();
    await page.getByTestId('item-dialog').getByTestId('item-value').fill('{"max": 5}');
    await dialogOk(page);
    await page.getByTestId('item-dialog').waitFor({ state: 'detached' });
    expect(await page.getByTestId('value-limits').innerText()).toBe('{"max": 5}');

    await saveItem(page, 'apiToken', '"sk-live-e2e-31337"', true);
    expect(await page.getByTestId('value-apiToken').innerText()).toContain('******');
    expect(await page.getByTestId('value-apiToken').innerText()).toContain('Secret');
    expect(await page.getByTestId('item-list').innerText()).not.toContain('sk-live-e2e-31337');

    // Editing the secret starts empty; saving keeps the stored value.
    await page.getByTestId('item-list').getByTestId('edit-apiToken').click();
    expect(await page.getByTestId('item-dialog').getByTestId('item-value').inputValue()).toBe('');
    await dialogOk(page);
    await page.getByTestId('item-dialog').waitFor({ state: 'detached' });

    await page.getByTestId('item-filter').fill('limit');
    await page.getByTestId('item-list').getByTestId('crud-search-submit').click();
    await page.getByTestId('value-apiToken').waitFor({ state: 'detached' });
    await page.getByTestId('value-limits').waitFor();

    const row = page.getByTestId('namespace-list').locator('tr', { hasText: 'settings' });
    await row.getByText('2', { exact: true }).waitFor();
    await page.getByTestId('namespace-list').getByTestId('delete-settings').click();
    await page.locator('.ant-modal-confirm').getByText('namespace “settings” and its 2 items').waitFor();
    await page.getByTestId('crud-confirm-delete').click();
    await page.getByTestId('namespace-list').getByText('This app has no namespaces yet').waitFor();
    await page.getByTestId('item-list').getByText('Choose a namespace to see its items').waitFor();
  });

  it('zh-chs: the agent namespace refuses a bad threshold, and a saved one is what the app reads', async () => {
    const app = await insertApp(h.t, { customerId: rootId, name: 'Gamma desk', code: 'gamma' });
    const page = await openSignedIn(h, 'admin', TEST_ADMIN_PASSWORD, 'zh-chs');
    await page.goto(`/app/item?appId=${app.id}`);
    await page.getByTestId('app-config-app').getByText('Gamma desk (gamma)').waitFor();
    await page.getByTestId('agent-hint').getByText('名为“agent”的命名空间中的配置项会改变此应用的回答方式').waitFor();

    await createNamespace(page, 'agent', 'properties');
    await page.getByTestId('item-list').getByText('“agent”的配置项').waitFor();
    await openItemDialog(page, 'qaMatchThreshold', '1.5');
    await page
      .getByTestId('item-dialog')
      .locator('.ant-form-item-explain-error')
      .getByText('值必须是 0 到 1 之间的数字')
      .waitFor();
    await page.getByTestId('item-dialog').getByTestId('item-value').fill('0.8');
    await dialogOk(page);
    await page.getByTestId('item-dialog').waitFor({ state: 'detached' });
    expect(await agentValues(app.id)).toEqual([['qaMatchThreshold', '0.8']]);

    await saveItem(page, 'llm.model', 'qwen-max', true);
    expect(await page.getByTestId('value-llm.model').innerText()).toContain('******');
    expect(await page.getByTestId('value-llm.model').innerText()).toContain('保密');

    await page.getByTestId('namespace-list').getByTestId('delete-agent').click();
    await page.locator('.ant-modal-confirm').getByText('命名空间“agent”及其 2 个配置项').waitFor();
    await page.getByTestId('crud-confirm-delete').click();
    await page.getByTestId('namespace-list').getByText('此应用还没有命名空间').waitFor();
    expect(await agentValues(app.id)).toEqual([]);
  });
  it('en: a secret item’s new key asks for its value again under the field; the agent never reads a secret', async () => {
    const app = await insertApp(h.t, { customerId: rootId, name: 'Delta desk', code: 'delta' });
    const page = await openSignedIn(h, 'admin', TEST_ADMIN_PASSWORD, 'en');
    await page.goto(`/app/item?appId=${app.id}`);
    await page.getByTestId('app-config-app').getByText('Delta desk (delta)').waitFor();
    await createNamespace(page, 'agent', 'properties');
    await saveItem(page, 'vendor.key', 'sk-e2e-hole3-5150', true);

    await page.getByTestId('item-list').getByTestId('edit-vendor.key').click();
    const dialog = page.getByTestId('item-dialog');
    await dialog.getByTestId('item-secret-key-change').getByText('Changing the key needs the value again').waitFor();
    await dialog.getByTestId('item-key').fill('fallbackReply');
    // A well-known key of the agent namespace, flagged secret: the dialog says the agent will not read it.
    await dialog.getByTestId('item-secret-not-for-agent').getByText('The agent never reads a secret item').waitFor();
    await dialogOk(page);
    await dialog
      .locator('.ant-form-item-explain-error')
      .getByText('Value must be entered again when the key of a secret item changes')
      .waitFor();
    expect(await agentValues(app.id)).toEqual([['vendor.key', 'sk-e2e-hole3-5150']]);

    // Typed again, the new key saves.
    await dialog.getByTestId('item-value').fill('typed-again');
    await dialogOk(page);
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('item-list').getByTestId('value-fallbackReply').waitFor();
    expect(await agentValues(app.id)).toEqual([['fallbackReply', 'typed-again']]);
  });

  it('ja: a namespace holding secret values keeps its name, and the refusal sits under the name', async () => {
    const app = await insertApp(h.t, { customerId: rootId, name: 'Epsilon desk', code: 'epsilon' });
    const page = await openSignedIn(h, 'admin', TEST_ADMIN_PASSWORD, 'ja');
    await page.goto(`/app/item?appId=${app.id}`);
    await page.getByTestId('app-config-app').getByText('Epsilon desk (epsilon)').waitFor();
    await createNamespace(page, 'vault', 'properties');
    await saveItem(page, 'fallbackReply', 'sk-e2e-hole3-ja', true);

    await page.getByTestId('namespace-list').getByTestId('edit-vault').click();
    const dialog = page.getByTestId('namespace-dialog');
    await dialog.getByText('機密値を含む名前空間は名前と形式を変更できません').waitFor();
    await dialog.getByTestId('namespace-name').fill('agent');
    await dialogOk(page);
    await dialog
      .locator('.ant-form-item-explain-error')
      .getByText(
        '名前は名前空間に値のある機密項目がある間は変更できません。先に削除し、変更後に再入力してください：fallbackReply',
      )
      .waitFor();
    const [row] = await h.t.database.db.select().from(appNamespaces).where(eq(appNamespaces.appId, app.id));
    expect(row?.name).toBe('vault');
    expect(await agentValues(app.id)).toEqual([]);
  });
});
