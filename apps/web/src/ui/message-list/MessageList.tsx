import { PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Typography } from 'antd';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { MessageRowEditor } from './MessageRowEditor';
import { addBlocker, type MessageRow, messageComplete, moveRow } from './message-rows';
import './message-list.css';

/**
 * The texts that name what the list holds ("welcome message 2", "step 2"), from the screen's own
 * namespace; the rest (types, upload rules, file problems) are the list's own.
 */
export type MessageListWord =
  | 'none'
  | 'add'
  | 'limit'
  | 'completeFirst'
  | 'count'
  | 'rowTitle'
  | 'dragHint'
  | 'dragLabel'
  | 'moveUp'
  | 'moveDown'
  | 'remove'
  | 'removeConfirm'
  | 'textLabel'
  | 'textPlaceholder'
  | 'tooLarge';

export interface MessageListProps<R extends MessageRow> {
  rows: R[];
  /** The customer the uploads belong to. */
  customerId: number | undefined;
  canEdit: boolean;
  /** At most this many rows. */
  max: number;
  /** Save-check messages by row index. */
  errors?: Record<number, string[]>;
  onChange(fn: (rows: R[]) => R[]): void;
  /** A new row for "Add". */
  newRow(): R;
  /** Whether a row is complete enough for "Add" to offer the next one. */
  complete?: (row: R) => boolean;
  /** The screen's words for what the list holds. */
  words(key: MessageListWord, values?: Record<string, unknown>): string;
  /** More of a row, between its head and its message (a follow-up step's wait). */
  rowExtra?: (row: R, index: number, update: (fn: (row: R) => R) => void) => ReactNode;
  /** Prefix of the test ids (`<prefix>-row`, `<prefix>-add`, …). */
  testIdPrefix?: string;
}

/**
 * An ordered list of messages (welcome messages WAVE2 §6.2 b, follow-up steps §15.8): at most
 * `max`, a new one only once the last is complete, reordered by dragging a row's handle or with its
 * up and down buttons (the keyboard's way), deleted one by one.
 */
export function MessageList<R extends MessageRow>({
  rows,
  customerId,
  canEdit,
  max,
  errors = {},
  onChange,
  newRow,
  complete = messageComplete,
  words,
  rowExtra,
  testIdPrefix: p = 'welcome',
}: MessageListProps<R>) {
  const dragging = useRef<number | null>(null);
  const blocked = addBlocker(rows, max, complete);

  // Keyboard users keep their place: once the list has re-rendered, the focus follows the moved
  // row (to its other arrow when the one used is disabled at the end of the list).
  const pendingFocus = useRef<{ key: string; focus: string; to: number } | null>(null);
  useLayoutEffect(() => {
    const pending = pendingFocus.current;
    // Only once the row has arrived: a render before the move must not take the focus away.
    if (!pending || rows[pending.to]?.key !== pending.key) return;
    pendingFocus.current = null;
    const row = document.querySelector(`[data-row-key="${CSS.escape(pending.key)}"]`);
    const { focus } = pending;
    const other = focus === `${p}-down` ? `${p}-up` : focus === `${p}-up` ? `${p}-down` : focus;
    const button = [focus, other, `${p}-drag`]
      .map((id) => row?.querySelector<HTMLButtonElement>(`[data-testid="${id}"]:not([disabled])`))
      .find((found) => found);
    button?.focus();
  });

  const move = (from: number, to: number, focus?: string) => {
    const key = rows[from]?.key;
    if (key && focus) pendingFocus.current = { key, focus, to };
    onChange((current) => moveRow(current, from, to));
  };

  return (
    <div className="message-list" data-testid={`${p}-list`}>
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={words('none')} data-testid={`${p}-empty`} />
      ) : (
        <ol className="message-rows">
          {rows.map((row, index) => {
            const update = (fn: (r: R) => R) =>
              onChange((current) => current.map((r) => (r.key === row.key ? fn(r) : r)));
            return (
              <MessageRowEditor<R>
                key={row.key}
                row={row}
                index={index}
                total={rows.length}
                customerId={customerId}
                canEdit={canEdit}
                errors={errors[index] ?? []}
                words={words}
                extra={rowExtra?.(row, index, update)}
                testIdPrefix={p}
                update={update}
                move={(to, focus) => move(index, to, focus)}
                remove={() => onChange((current) => current.filter((r) => r.key !== row.key))}
                onDragStart={() => {
                  dragging.current = index;
                }}
                onDrop={() => {
                  if (dragging.current !== null) move(dragging.current, index);
                  dragging.current = null;
                }}
              />
            );
          })}
        </ol>
      )}
      {canEdit && (
        <div className="message-list-add">
          <Button
            icon={<PlusOutlined />}
            disabled={blocked !== null}
            onClick={() => onChange((current) => [...current, newRow()])}
            data-testid={`${p}-add`}
          >
            {words('add')}
          </Button>
          <Typography.Text type={blocked ? 'warning' : 'secondary'} data-testid={`${p}-add-note`}>
            {blocked?.kind === 'limit'
              ? words('limit', { max })
              : blocked?.kind === 'incomplete'
                ? words('completeFirst', { n: blocked.row })
                : words('count', { count: rows.length, max })}
          </Typography.Text>
        </div>
      )}
    </div>
  );
}
