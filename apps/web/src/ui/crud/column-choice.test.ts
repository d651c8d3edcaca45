import type { TableColumnsType } from 'antd';
import { describe, expect, it } from 'vitest';
import { columnKey, isShown, offersPicker, parseChoice, switched } from './column-choice';
import { formatShortTime } from './format';

type Row = { id: number; name: string; note: string; created: string };
const columns: TableColumnsType<Row> = [
  { title: 'Name', dataIndex: 'name' },
  { title: 'Note', dataIndex: 'note', hidden: true },
  { title: 'Created', dataIndex: 'created' },
  { title: 'Actions', key: 'actions', fixed: 'right' },
];
const NONE = { shown: [], hidden: [] };

describe('column choice', () => {
  it('offers the picker only to a list that declares a column hidden', () => {
    expect(offersPicker(columns)).toBe(true);
    expect(offersPicker(columns.map((c) => ({ ...c, hidden: false })))).toBe(false);
  });

  it('keeps the first column and the pinned links whatever was stored', () => {
    const choice = { shown: [], hidden: ['name', 'actions', 'created'] };
    expect(columns.map((c, i) => isShown(c, i, choice))).toEqual([true, false, false, true]);
  });

  it('stores only what differs from the defaults', () => {
    const shown = switched(columns, NONE, 'note', true);
    expect(shown).toEqual({ shown: ['note'], hidden: [] });
    expect(switched(columns, shown, 'note', false)).toEqual(NONE);
    expect(switched(columns, NONE, 'created', false)).toEqual({ shown: [], hidden: ['created'] });
    expect(columnKey({ dataIndex: ['a', 'b'] })).toBe('a.b');
  });

  it('reads a stored choice, and nothing from what it did not write', () => {
    expect(parseChoice('{"shown":["note",3],"hidden":"x"}')).toEqual({ shown: ['note'], hidden: [] });
    expect(parseChoice('not json')).toEqual(NONE);
    expect(parseChoice(null)).toEqual(NONE);
  });
});

describe('short time', () => {
  it('drops the year and seconds this year, and the time before it', () => {
    const now = new Date(2026, 10, 30, 12);
    expect(formatShortTime(new Date(2026, 10, 24, 4, 18, 19).toISOString(), now)).toBe('11-24 04:18');
    expect(formatShortTime(new Date(2025, 10, 24, 4, 18).toISOString(), now)).toBe('2025-11-24');
    expect(formatShortTime(null, now)).toBe('—');
  });
});
