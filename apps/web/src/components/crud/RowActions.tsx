import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  /** Suffix of the buttons' test ids, usually the row's name. */
  name: string;
  onEdit?: () => void;
  onDelete?: () => void;
  children?: ReactNode;
}

/** Edit and delete links of one row, plus any row-specific actions. */
export function RowActions({ name, onEdit, onDelete, children }: Props) {
  const { t } = useTranslation('crud');
  return (
    <Space size={0} wrap>
      {onEdit && (
        <Button type="link" size="small" icon={<EditOutlined />} onClick={onEdit} data-testid={`edit-${name}`}>
          {t('edit')}
        </Button>
      )}
      {children}
      {onDelete && (
        <Button
          type="link"
          size="small"
          danger
          icon={<DeleteOutlined />}
          onClick={onDelete}
          data-testid={`delete-${name}`}
        >
          {t('delete')}
        </Button>
      )}
    </Space>
  );
}
