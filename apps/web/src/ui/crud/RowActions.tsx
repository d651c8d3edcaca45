import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from './use-can';

/** A row-specific link such as "Run now"; its test id is `<key>-<name>`. */
export interface RowAction {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  onClick(): void;
  danger?: boolean;
  /** The permission code the link needs; hidden from users without it. */
  permission?: string;
  /** Shown but not usable now (e.g. delete while an app runs); `title` says why. */
  disabled?: boolean;
  title?: string;
}

export interface RowActionsProps {
  /** Suffix of the buttons' test ids, usually the row's name. */
  name: string;
  onEdit?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
  /** Links before Edit, in order. */
  actions?: (RowAction | false | undefined)[] | undefined;
  /** Anything else, between Edit and Delete. */
  children?: ReactNode;
  /**
   * Links drawn as their icons, each named by its tooltip and accessible name: for a list whose
   * row has so many links that their words would take the room of its columns.
   */
  iconsOnly?: boolean | undefined;
}

/** The links of one row: its own actions, Edit, then Delete. */
export function RowActions({ name, onEdit, onDelete, actions = [], children, iconsOnly }: RowActionsProps) {
  const { t } = useTranslation('crud');
  const can = useCan();
  const link = (a: RowAction) =>
    iconsOnly && a.icon ? (
      <Tooltip
        key={a.key}
        title={
          <>
            {a.label}
            {a.title && <div>{a.title}</div>}
          </>
        }
      >
        <Button
          type="text"
          size="small"
          danger={a.danger}
          disabled={a.disabled}
          icon={a.icon}
          aria-label={typeof a.label === 'string' ? a.label : undefined}
          onClick={a.onClick}
          data-testid={`${a.key}-${name}`}
        />
      </Tooltip>
    ) : (
      <Button
        key={a.key}
        type="link"
        size="small"
        danger={a.danger}
        disabled={a.disabled}
        title={a.title}
        icon={a.icon}
        onClick={a.onClick}
        data-testid={`${a.key}-${name}`}
      >
        {a.label}
      </Button>
    );
  return (
    <Space size={0} wrap>
      {actions.map((a) => a && (!a.permission || can(a.permission)) && link(a))}
      {onEdit && link({ key: 'edit', label: t('edit'), icon: <EditOutlined />, onClick: onEdit })}
      {children}
      {onDelete &&
        link({ key: 'delete', label: t('delete'), icon: <DeleteOutlined />, onClick: onDelete, danger: true })}
    </Space>
  );
}
