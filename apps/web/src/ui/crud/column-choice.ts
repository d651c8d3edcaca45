import type { TableColumnsType } from 'antd';
import { type ReactNode, useCallback, useState } from 'react';

type Column<T> = TableColumnsType<T>[number];

/** One column the picker offers: its key, its header, and whether it is shown now. */
export interface ColumnOption {
  key: string;
  title: ReactNode;
  shown: boolean;
}

/**
 * What a person changed against the list's defaults. Only the changes are kept, so a column the
 * list adds later starts as the list declares it, and a column it drops is forgotten.
 */
export interface ColumnChoice {
  shown: string[];
  hidden: string[];
}

const NO_CHOICE: ColumnChoice = { shown: [], hidden: [] };
export const COLUMN_STORAGE_PREFIX = 'crud-columns:';

export function columnKey<T>(column: Column<T>): string | undefined {
  if (column.key !== undefined && column.key !== null) return String(column.key);
  const index = 'dataIndex' in column ? column.dataIndex : undefined;
  if (Array.isArray(index)) return index.join('.');
  return index === undefined || index === null ? undefined : String(index);
}

/**
 * A list offers the picker when it declares a column `hidden` (antd's own flag, here: "off until
 * chosen"). Every column then may be switched except the first, which names the row and stays
 * in view, and the row's links (pinned to the end).
 */
export function offersPicker<T>(columns: TableColumnsType<T>): boolean {
  return columns.some((c) => c.hidden === true);
}

/** The row's links, pinned to the end, are no data to choose. */
const pinnedToEnd = <T>(column: Column<T>) => column.fixed === 'right' || column.fixed === 'end';

function pickable<T>(column: Column<T>, index: number): boolean {
  return index > 0 && columnKey(column) !== undefined && !pinnedToEnd(column);
}

export function isShown<T>(column: Column<T>, index: number, choice: ColumnChoice): boolean {
  const key = columnKey(column);
  if (!pickable(column, index) || key === undefined) return true;
  if (choice.hidden.includes(key)) return false;
  if (choice.shown.includes(key)) return true;
  return column.hidden !== true;
}

/** The choice after one column is switched, kept as a difference from the default. */
export function switched<T>(
  columns: TableColumnsType<T>,
  choice: ColumnChoice,
  key: string,
  show: boolean,
): ColumnChoice {
  const column = columns.find((c) => columnKey(c) === key);
  const byDefault = column ? column.hidden !== true : true;
  const shown = choice.shown.filter((k) => k !== key);
  const hidden = choice.hidden.filter((k) => k !== key);
  if (show !== byDefault) (show ? shown : hidden).push(key);
  return { shown, hidden };
}

/** A stored choice, or none when it is missing or not what this code wrote. */
export function parseChoice(text: string | null): ColumnChoice {
  if (!text) return NO_CHOICE;
  try {
    const value = JSON.parse(text) as Partial<Record<keyof ColumnChoice, unknown>> | null;
    const strings = (v: unknown) => (Array.isArray(v) ? v.filter((k): k is string => typeof k === 'string') : []);
    return { shown: strings(value?.shown), hidden: strings(value?.hidden) };
  } catch {
    return NO_CHOICE;
  }
}

function readChoice(listId: string): ColumnChoice {
  try {
    return parseChoice(localStorage.getItem(COLUMN_STORAGE_PREFIX + listId));
  } catch {
    // Storage may be refused (private mode, a policy): the defaults then, every time.
    return NO_CHOICE;
  }
}

function writeChoice(listId: string, choice: ColumnChoice): void {
  try {
    const key = COLUMN_STORAGE_PREFIX + listId;
    if (!choice.shown.length && !choice.hidden.length) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(choice));
  } catch {
    // Not kept beyond this page: the choice still applies while it is open.
  }
}

export interface ColumnChoiceState<T> {
  /** The columns to draw: those switched off are left out. */
  columns: TableColumnsType<T>;
  /** What the picker lists; empty when the list offers no picker. */
  options: ColumnOption[];
  changed: boolean;
  set(key: string, show: boolean): void;
  reset(): void;
}

/**
 * Which of a list's columns a person has chosen to see, remembered per list (`listId`) in the
 * browser. Without a column declared `hidden` the list has nothing to choose and this is a no-op.
 */
export function useColumnChoice<T>(listId: string, all: TableColumnsType<T>): ColumnChoiceState<T> {
  const [choice, setChoice] = useState<ColumnChoice>(() => readChoice(listId));
  const store = useCallback(
    (next: ColumnChoice) => {
      setChoice(next);
      writeChoice(listId, next);
    },
    [listId],
  );
  if (!offersPicker(all)) return { columns: all, options: [], changed: false, set: () => {}, reset: () => {} };
  const columns = all.flatMap((c, i): Column<T>[] => (isShown(c, i, choice) ? [{ ...c, hidden: false }] : []));
  const options = all.flatMap((c, i): ColumnOption[] => {
    const key = columnKey(c);
    if (!pickable(c, i) || key === undefined) return [];
    const title = typeof c.title === 'function' ? key : c.title;
    return [{ key, title, shown: isShown(c, i, choice) }];
  });
  return {
    columns,
    options,
    changed: choice.shown.length + choice.hidden.length > 0,
    set: (key, show) => store(switched(all, choice, key, show)),
    reset: () => store(NO_CHOICE),
  };
}
