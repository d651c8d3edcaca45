import type { TableColumnsType, TableProps } from 'antd';
import { useViewport } from '../../platform/lib/use-viewport';

/** Room given to a column that names no width of its own, before the table starts to scroll. */
export const MIN_COLUMN_WIDTH = 80;
/** ... and to such a column that clips its text with an ellipsis: it is meant to give way. */
export const MIN_CLIPPED_WIDTH = 60;
/** On a phone the first column stays in view while the others scroll: no wider than this. */
export const PHONE_FIRST_COLUMN_WIDTH = 120;
/** antd's row checkbox and expand-arrow columns. */
const SELECTION_WIDTH = 32;
const EXPAND_WIDTH = 48;

type Column<T> = TableColumnsType<T>[number];

const widthOf = (c: { width?: string | number | undefined }) => (typeof c.width === 'number' ? c.width : undefined);
const minWidthOf = (c: Column<unknown>) => widthOf(c) ?? (c.ellipsis ? MIN_CLIPPED_WIDTH : MIN_COLUMN_WIDTH);
const pinnedToEnd = (fixed: Column<unknown>['fixed']) => fixed === 'right' || fixed === 'end';

interface Options {
  /** The screen's own scroll, which wins (e.g. a fixed height). */
  scroll?: TableProps<object>['scroll'];
  selection?: boolean;
  expandable?: boolean;
}

/**
 * How a list's table fits its card at any width. The first column is kept in view (fixed left) and
 * the rest scroll inside the card. The table is never narrower than its columns' widths (a column
 * without one counts MIN_COLUMN_WIDTH), and when the card is wider it simply fills it: cells wrap
 * their text (automatic layout) rather than push the table wider than the card. That way a table
 * only scrolls when the card is truly too narrow, and no column sits under a pinned one on a
 * desktop. (`max-content` made every cell one line long, so the table outgrew a 1440 px screen.)
 * A column that clips its text (ellipsis) needs the fixed layout antd then picks.
 *
 * Columns that a person may switch off are declared `hidden` (off by default) and chosen with the
 * column picker (`column-choice.ts`, `ColumnPicker`): what is off is left out here, so the widths
 * add up to what is drawn.
 *
 * On a phone the table always scrolls: the first column is narrowed, and nothing is pinned to the
 * right, as two pinned columns would fill the screen and leave nothing to scroll.
 */
export function useTableLayout<T>(
  columns: TableColumnsType<T>,
  { scroll, selection = false, expandable = false }: Options = {},
): Required<Pick<TableProps<T>, 'columns' | 'scroll'>> & Pick<TableProps<T>, 'tableLayout'> {
  const phone = useViewport() === 'phone';
  // A column switched off (antd's `hidden`, see column-choice.ts) takes no room and is never the
  // column kept in view.
  const laid = columns
    .filter((c) => c.hidden !== true)
    .map((column, i): Column<T> => {
      const pinned = i === 0 ? { fixed: column.fixed ?? ('left' as const) } : {};
      if (!phone) return { ...column, ...pinned };
      const { fixed, ...rest } = column;
      const first =
        i === 0 ? { width: Math.min(widthOf(column) ?? PHONE_FIRST_COLUMN_WIDTH, PHONE_FIRST_COLUMN_WIDTH) } : {};
      return { ...rest, ...(fixed && !pinnedToEnd(fixed) ? { fixed } : {}), ...pinned, ...first } as Column<T>;
    });
  // A phone scrolls the table anyway: its cells keep to one line (the first column wraps in its
  // narrow width), so no title breaks letter by letter in a squeezed column.
  if (phone) return { columns: laid, scroll: { x: 'max-content', ...scroll } };
  const x =
    laid.reduce((sum, c) => sum + minWidthOf(c as Column<unknown>), 0) +
    (selection ? SELECTION_WIDTH : 0) +
    (expandable ? EXPAND_WIDTH : 0);
  const clips = laid.some((c) => c.ellipsis);
  return {
    columns: laid,
    scroll: { x, ...scroll },
    ...(clips ? {} : { tableLayout: 'auto' as const }),
  };
}
