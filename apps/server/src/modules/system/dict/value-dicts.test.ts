import {
  APP_STATUSES,
  DICT_TYPES,
  type DictCache,
  type DictEntry,
  type DictType,
  FOLLOWUP_HOLD_REASONS,
  FOLLOWUP_SEND_STATUSES,
  FOLLOWUP_SKIP_REASONS,
  FOLLOWUP_TRIGGERS,
  LANGUAGES,
  type PageResult,
  VALUE_DICTS,
  WELCOME_MESSAGE_TYPES,
} from '@agent-console/contracts';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dictEntries, dictTypes } from '../../../db/schema';
import { seedDatabase } from '../../../db/seed';
import { SEED_MENU } from '../../../menu';

/**
 * Value dictionaries (docs/decisions.md, "Value dictionaries"): the labels of enums the code
 * works with. Each expected value list is the contracts enum itself, so a value added to an enum
 * without its dictionary entry fails here.
 */
const EXPECTED: [string, readonly string[]][] = [
  [DICT_TYPES.welcomeMessageType, WELCOME_MESSAGE_TYPES],
  [DICT_TYPES.appStatus, APP_STATUSES],
  [DICT_TYPES.followupTrigger, FOLLOWUP_TRIGGERS],
  [DICT_TYPES.followupSendStatus, FOLLOWUP_SEND_STATUSES],
  [DICT_TYPES.followupSkipReason, FOLLOWUP_SKIP_REASONS],
  [DICT_TYPES.followupHoldReason, FOLLOWUP_HOLD_REASONS],
];

const { t, admin } = useAdminApp();
const B = '/api/v3/system/dict';

const labels = (en: string) => ({ en, 'zh-chs': `${en}-简`, 'zh-cht': `${en}-繁`, ja: `${en}-日` });

async function cache(): Promise<DictCache> {
  const res = await t.call<DictCache>('GET', `${B}/cache/get`, { token: admin() });
  expect(res.body.code).toBe('00000');
  return res.body.data;
}

async function entriesOf(type: string): Promise<DictEntry[]> {
  const types = await t.call<PageResult<DictType>>('POST', `${B}/page`, { token: admin(), body: { keyword: type } });
  const typeId = types.body.data.list.find((d) => d.type === type)?.id;
  expect(typeId).toBeDefined();
  const res = await t.call<PageResult<DictEntry>>('POST', `${B}/entry/page`, {
    token: admin(),
    body: { typeId, pageSize: 100 },
  });
  return res.body.data.list;
}

describe('value dictionaries in the cache', () => {
  it('names every value dictionary with its contracts enum', () => {
    expect(Object.fromEntries(Object.entries(VALUE_DICTS).map(([k, v]) => [k, [...v]]))).toEqual(
      Object.fromEntries(EXPECTED.map(([k, v]) => [k, [...v]])),
    );
  });

  it.each(EXPECTED)('%s holds every value of its enum, in order, labelled in four languages', async (type, values) => {
    const dict = (await cache()).dicts[type];
    expect(dict?.map((e) => e.value)).toEqual([...values]);
    for (const entry of dict ?? []) {
      expect(Object.keys(entry.labels).sort()).toEqual([...LANGUAGES].sort());
      for (const lang of LANGUAGES) expect(entry.labels[lang].trim(), `${type}.${entry.value} ${lang}`).not.toBe('');
    }
  });

  it('gives the tags shown for statuses their colours', async () => {
    const colours = (type: string) => Object.fromEntries((dicts[type] ?? []).map((e) => [e.value, e.tagColor]));
    const { dicts } = await cache();
    expect(colours(DICT_TYPES.appStatus)).toMatchObject({ running: 'success', failed: 'error', stopped: 'default' });
    expect(colours(DICT_TYPES.followupSendStatus)).toMatchObject({ sent: 'success', failed: 'error' });
  });
});

describe('labels are editable, values are fixed by the code', () => {
  it('relabels an entry: the cache serves the new label at once', async () => {
    const running = (await entriesOf(DICT_TYPES.appStatus)).find((e) => e.value === 'running');
    if (!running) throw new Error('no running entry');
    const res = await t.call<DictEntry>('POST', `${B}/entry/update/${running.id}`, {
      token: admin(),
      body: { typeId: running.typeId, value: 'running', labels: labels('Live'), sort: running.sort, tagColor: 'green' },
    });
    expect(res.body.code).toBe('00000');
    const entry = (await cache()).dicts[DICT_TYPES.appStatus]?.find((e) => e.value === 'running');
    expect(entry).toEqual({ value: 'running', labels: labels('Live'), tagColor: 'green' });
  });

  it('refuses a value the code does not know, a changed value or type, and a deletion; nothing changes', async () => {
    const before = await cache();
    const entries = await entriesOf(DICT_TYPES.followupSendStatus);
    const sent = entries.find((e) => e.value === 'sent');
    if (!sent) throw new Error('no sent entry');

    const added = await t.call('POST', `${B}/entry/save`, {
      token: admin(),
      body: { typeId: sent.typeId, value: 'bounced', labels: labels('Bounced') },
    });
    expect(added.body).toMatchObject({ code: 'A0440', data: { fields: [{ field: 'value', reason: 'invalidValue' }] } });

    const renamed = await t.call('POST', `${B}/entry/update/${sent.id}`, {
      token: admin(),
      body: { typeId: sent.typeId, value: 'delivered', labels: sent.labels },
    });
    expect(renamed.body).toMatchObject({ code: 'A0440', data: { fields: [{ field: 'value', reason: 'fixed' }] } });

    const other = await t.call<DictType>('POST', `${B}/save`, {
      token: admin(),
      body: { type: 'elsewhere', names: labels('Elsewhere') },
    });
    const moved = await t.call('POST', `${B}/entry/update/${sent.id}`, {
      token: admin(),
      body: { typeId: other.body.data.id, value: 'sent', labels: sent.labels },
    });
    expect(moved.body).toMatchObject({ code: 'A0440', data: { fields: [{ field: 'typeId', reason: 'fixed' }] } });

    // A value that exists in the enum but already has its entry is a duplicate, as anywhere.
    const duplicate = await t.call('POST', `${B}/entry/save`, {
      token: admin(),
      body: { typeId: sent.typeId, value: 'sent', labels: labels('Sent again') },
    });
    expect(duplicate.body.code).toBe('A0111');

    const removed = await t.call('POST', `${B}/entry/delete`, { token: admin(), body: { ids: [sent.id] } });
    expect(removed.body).toMatchObject({ code: 'A0440', data: { fields: [{ field: 'ids', reason: 'builtin' }] } });

    const after = await cache();
    expect(after.dicts[DICT_TYPES.followupSendStatus]).toEqual(before.dicts[DICT_TYPES.followupSendStatus]);
  });

  it('still validates the values the APIs take against the enums, not the dictionaries', async () => {
    const res = await t.call('POST', '/api/v3/app/info/list/page', { token: admin(), body: { status: 'paused' } });
    expect(res.body).toMatchObject({ code: 'A0400', data: { fields: [{ field: 'status' }] } });
  });
});

describe('existing databases', () => {
  it('gets a missing value dictionary from the seed at start, and keeps an operator’s labels', async () => {
    const { db } = t.database;
    const [holdType] = await db.select().from(dictTypes).where(eq(dictTypes.type, DICT_TYPES.followupHoldReason));
    if (!holdType) throw new Error('no hold reason type');
    // As a database seeded before these dictionaries existed.
    await db.delete(dictEntries).where(eq(dictEntries.typeId, holdType.id));
    await db.delete(dictTypes).where(eq(dictTypes.id, holdType.id));
    expect((await cache()).dicts[DICT_TYPES.followupHoldReason]).toBeUndefined();
    const relabelled = (await cache()).dicts[DICT_TYPES.appStatus]?.find((e) => e.value === 'running');

    await seedDatabase(db, { menu: SEED_MENU });

    const after = await cache();
    expect(after.dicts[DICT_TYPES.followupHoldReason]?.map((e) => e.value)).toEqual([...FOLLOWUP_HOLD_REASONS]);
    expect(after.dicts[DICT_TYPES.appStatus]?.find((e) => e.value === 'running')).toEqual(relabelled);
  });
});
