import { ClearOutlined, DeleteOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Button, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { ExportButton } from './ExportButton';

interface Props {
  selectedCount: number;
  canRemove: boolean;
  canExport: boolean;
  onDelete(): Promise<{ count: number }>;
  onClean(): Promise<{ count: number }>;
  onExport(): Promise<string>;
  onRefresh(): void;
}

/** Delete selected, clean all (both confirmed first), export and refresh: the same on both log screens. */
export function LogToolbar(props: Props) {
  const { t } = useTranslation('monitor');
  const { modal, message } = App.useApp();

  const confirmThen = (title: string, content: string, action: () => Promise<{ count: number }>, testId: string) =>
    modal.confirm({
      title,
      content,
      okButtonProps: { danger: true, 'data-testid': testId } as ButtonProps,
      onOk: async () => {
        try {
          const { count } = await action();
          message.success(t('common.deleted', { count }));
        } catch {
          // The API client has shown the error.
        }
      },
    });

  return (
    <div className="monitor-toolbar">
      {props.canRemove && (
        <>
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={!props.selectedCount}
            data-testid="delete-selected"
            onClick={() =>
              confirmThen(
                t('common.deleteTitle'),
                t('common.deleteConfirm', { count: props.selectedCount }),
                props.onDelete,
                'confirm-delete',
              )
            }
          >
            {t('common.delete')}
          </Button>
          <Button
            danger
            icon={<ClearOutlined />}
            data-testid="clean"
            onClick={() =>
              confirmThen(t('common.cleanTitle'), t('common.cleanConfirm'), props.onClean, 'confirm-clean')
            }
          >
            {t('common.clean')}
          </Button>
        </>
      )}
      {props.canExport && <ExportButton run={props.onExport} />}
      <span className="monitor-toolbar-spacer" />
      <Button icon={<ReloadOutlined />} onClick={props.onRefresh} aria-label={t('common.refresh')} />
    </div>
  );
}
