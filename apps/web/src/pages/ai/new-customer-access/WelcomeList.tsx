import { WELCOME_MESSAGES_MAX } from '@agent-console/contracts';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Typography } from 'antd';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { addBlocker, emptyWelcome, moveRow, type WelcomeRow, welcomeComplete } from './access-rows';
import { WelcomeRowEditor } from './WelcomeRowEditor';

interface Props {
  rows: WelcomeRow[];
  customerId: number;
  canEdit: boolean;
  /** Save-check messages by row index. */
  errors: Record<number, string[]>;
  onChange(fn: (rows: WelcomeRow[]) => WelcomeRow[]): void;
}

/**
 * The welcome messages, sent in this order to a new contact (WAVE2 §6.2 b): at most 10, a new one
 * only once the last is complete, reordered by dragging a row's handle or with its up and down
 * buttons (the keyboard's way), deleted one by one.
 */
export function WelcomeList({ rows, customerId, canEdit, errors, onChange }: Props) {
  const { t } = useTranslation('ai-role');
  const dragging = useRef<number | null>(null);
  const blocked = addBlocker(rows, WELCOME_MESSAGES_MAX, welcomeComplete);

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
    const other = focus === 'welcome-down' ? 'welcome-up' : focus === 'welcome-up' ? 'welcome-down' : focus;
    const button = [focus, other, 'welcome-drag']
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
    <div className="welcome-list" data-testid="welcome-list">
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('welcome.none')} data-testid="welcome-empty" />
      ) : (
        <ol className="welcome-rows">
          {rows.map((row, index) => (
            <WelcomeRowEditor
              key={row.key}
              row={row}
              index={index}
              total={rows.length}
              customerId={customerId}
              canEdit={canEdit}
              errors={errors[index] ?? []}
              update={(fn) => onChange((current) => current.map((r) => (r.key === row.key ? fn(r) : r)))}
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
          ))}
        </ol>
      )}
      {canEdit && (
        <div className="ai-role-add">
          <Button
            icon={<PlusOutlined />}
            disabled={blocked !== null}
            onClick={() => onChange((current) => [...current, emptyWelcome()])}
            data-testid="welcome-add"
          >
            {t('welcome.add')}
          </Button>
          <Typography.Text type={blocked ? 'warning' : 'secondary'} data-testid="welcome-add-note">
            {blocked?.kind === 'limit'
              ? t('welcome.limit', { max: WELCOME_MESSAGES_MAX })
              : blocked?.kind === 'incomplete'
                ? t('welcome.completeFirst', { n: blocked.row })
                : t('welcome.count', { count: rows.length, max: WELCOME_MESSAGES_MAX })}
          </Typography.Text>
        </div>
      )}
    </div>
  );
}
