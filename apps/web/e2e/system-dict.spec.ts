import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { harnessForFile, openAdminOn } from './support/harness';

const h = harnessForFile();

async function fillLabels(page: Page, prefix: 'names' | 'labels', text: string): Promise<void> {
  for (const lang of ['en', 'zh-chs', 'zh-cht', 'ja'])
    await page.getByTestId(`${prefix}-${lang}`).fill(`${text} ${lang}`);
}

describe('dictionaries screen', () => {
  it('creates a type and an entry, refuses to delete the type while it has entries, then deletes both', async () => {
    const page = await openAdminOn(h, '/system/dict', 'en');
    await page.getByTestId('dict-page').waitFor();
    // Seeded enumerations are listed.
    await page.getByTestId('filter-keyword').fill('mining');
    await page.getByTestId('crud-search-submit').click();
    await page.getByTestId('type-open-mining_status').waitFor();

    await page.getByTestId('crud-create').click();
    await page.getByTestId('crud-dialog-ok').click();
    await page.getByText('Please enter a key').waitFor();
    await page.getByTestId('type-key').fill('Bad Key');
    await page.getByText('Lower-case letters, digits and _, starting with a letter').first().waitFor();
    await page.getByTestId('type-key').fill('fruit_kind');
    await fillLabels(page, 'names', 'Fruit');
    await page.getByTestId('crud-dialog-ok').click();
    await page.getByTestId('type-dialog').waitFor({ state: 'detached' });

    await page.getByTestId('filter-keyword').fill('fruit');
    await page.getByTestId('crud-search-submit').click();
    await page.getByTestId('entries-fruit_kind').click();
    await page.getByTestId('entry-drawer').waitFor();
    await page.getByText('No entries yet').waitFor();
    await page.getByTestId('entry-list').getByTestId('crud-create').click();
    await page.getByTestId('entry-value').fill('apple');
    // A label with markup is shown as text, never run (ANCHORS §B item 7).
    await fillLabels(page, 'labels', '<img src=x onerror="window.__xss=1">');
    await page.getByTestId('crud-dialog-ok').click();
    await page.getByTestId('entry-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('entry-table').getByText('<img src=x onerror="window.__xss=1"> en').waitFor();
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

    // Edit the entry: the new label replaces the old one.
    await page.getByTestId('entry-list').getByTestId('edit-apple').click();
    await page.getByTestId('labels-en').fill('Apple');
    await page.getByTestId('crud-dialog-ok').click();
    await page.getByTestId('entry-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('entry-table').getByText('Apple', { exact: true }).waitFor();

    // The entry reached the local cache under `dict`.
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('dict') ?? '{}').dicts?.fruit_kind?.length))
      .toBe(1);

    await page.locator('.ant-drawer-close').click();
    await page.getByTestId('entry-drawer').waitFor({ state: 'detached' });
    await page.getByTestId('delete-fruit_kind').click();
    await page.getByTestId('crud-confirm-delete').click();
    await page.getByText('Operation not allowed: A selected record still has entries').first().waitFor();
    await page.getByTestId('type-open-fruit_kind').waitFor();

    await page.getByTestId('entries-fruit_kind').click();
    await page.getByTestId('entry-list').getByTestId('delete-apple').click();
    await page.getByTestId('crud-confirm-delete').click();
    await page.getByText('No entries yet').waitFor();
    await page.locator('.ant-drawer-close').click();
    await page.getByTestId('delete-fruit_kind').click();
    await page.getByTestId('crud-confirm-delete').click();
    await page.getByTestId('type-open-fruit_kind').waitFor({ state: 'detached' });
  });

  it('shows seeded labels in Simplified Chinese', async () => {
    const page = await openAdminOn(h, '/system/dict', 'zh-chs');
    await page.getByTestId('entries-mining_status').click();
    await page.getByTestId('entry-table').getByText('运行中').waitFor();
    await page.getByText('挖掘状态（mining_status）的字典项').waitFor();
  });
});
