import {
  codePointLength,
  LEAD_DESCRIPTION_MAX,
  LEAD_EXAMPLE_MAX,
  LEAD_ITEM_NAME_MAX,
  LEAD_ITEMS_MAX,
} from '@agent-console/contracts';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, type ButtonProps, Empty, Input, Popconfirm, Typography } from 'antd';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { addBlocker } from '../../../../ui/message-list/message-rows';
import { emptyLead, type LeadRow, leadComplete } from './access-rows';

interface Props {
  rows: LeadRow[];
  canEdit: boolean;
  errors: Record<number, string[]>;
  onChange(fn: (rows: LeadRow[]) => LeadRow[]): void;
}

type Column = 'item' | 'description' | 'example';
const MAX: Record<Column, number> = {
  item: LEAD_ITEM_NAME_MAX,
  description: LEAD_DESCRIPTION_MAX,
  example: LEAD_EXAMPLE_MAX,
};
const COLUMNS: Column[] = ['item', 'description', 'example'];

/**
 * The lead-cleaning table (WAVE2 §6.2 c): what the agent captures from conversations. At most 6
 * rows, item and description required, example optional; a new row only once the last is complete.
 */
export function LeadTable({ rows, canEdit, errors, onChange }: Props) {
  const { t } = useTranslation('ai-role');
  const blocked = addBlocker(rows, LEAD_ITEMS_MAX, leadComplete);
  const set = (key: string, column: Column, value: string) =>
    onChange((current) => current.map((r) => (r.key === key ? { ...r, [column]: value } : r)));

  return (
    <div className="lead-table" data-testid="lead-table">
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('leads.none')} data-testid="lead-empty" />
      ) : (
        <table className="lead-grid" aria-label={t('leads.title')}>
          <thead>
            <tr>
              <th className="lead-col-n">#</th>
              {COLUMNS.map((c) => (
                <th key={c} className={c === 'example' ? undefined : 'lead-required'}>
                  {t(`leads.${c}`)}
                </th>
              ))}
              <th className="lead-col-tools">
                <span className="lead-hidden-label">{t('leads.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const n = index + 1;
              const rowErrors = errors[index] ?? [];
              const hasContent = COLUMNS.some((c) => row[c].trim() !== '');
              const remove = () => onChange((current) => current.filter((r) => r.key !== row.key));
              return (
                <Fragment key={row.key}>
                  <tr className={`lead-row${rowErrors.length ? ' lead-row-error' : ''}`} data-testid="lead-row">
                    <td className="lead-row-n">{n}</td>
                    {COLUMNS.map((c) => (
                      <td key={c}>
                        <span className="lead-cell-label">{t(`leads.${c}`)}</span>
                        <Input
                          value={row[c]}
                          onChange={(e) => set(row.key, c, e.target.value)}
                          readOnly={!canEdit}
                          count={{
                            max: MAX[c],
                            strategy: codePointLength,
                            exceedFormatter: (text, { max }) => Array.from(text).slice(0, max).join(''),
                            show: true,
                          }}
                          placeholder={t(`leads.${c}Placeholder`)}
                          aria-label={t('leads.cellLabel', { n, column: t(`leads.${c}`) })}
                          data-testid={`lead-${c}`}
                        />
                      </td>
                    ))}
                    <td>
                      {canEdit && (
                        <Popconfirm
                          title={t('leads.removeConfirm', { n })}
                          onConfirm={remove}
                          disabled={!hasContent}
                          okButtonProps={{ danger: true, 'data-testid': 'lead-remove-ok' } as ButtonProps}
                        >
                          <Button
                            size="small"
                            danger
                            icon={<DeleteOutlined />}
                            onClick={hasContent ? undefined : remove}
                            aria-label={t('leads.remove', { n })}
                            data-testid="lead-remove"
                          />
                        </Popconfirm>
                      )}
                    </td>
                  </tr>
                  {rowErrors.length > 0 && (
                    <tr className="lead-row-problems">
                      <td />
                      <td colSpan={4}>
                        {rowErrors.map((message) => (
                          <div key={message} className="lead-row-problem" role="alert" data-testid="lead-row-error">
                            {message}
                          </div>
                        ))}
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      )}
      {canEdit && (
        <div className="ai-role-add">
          <Button
            icon={<PlusOutlined />}
            disabled={blocked !== null}
            onClick={() => onChange((current) => [...current, emptyLead()])}
            data-testid="lead-add"
          >
            {t('leads.add')}
          </Button>
          <Typography.Text type={blocked ? 'warning' : 'secondary'} data-testid="lead-add-note">
            {blocked?.kind === 'limit'
              ? t('leads.limit', { max: LEAD_ITEMS_MAX })
              : blocked?.kind === 'incomplete'
                ? t('leads.completeFirst', { n: blocked.row })
                : t('leads.count', { count: rows.length, max: LEAD_ITEMS_MAX })}
          </Typography.Text>
        </div>
      )}
    </div>
  );
}
