import { DeleteOutlined, EditOutlined, FolderAddOutlined, FolderOutlined, RestOutlined } from '@ant-design/icons';
import { Button, Card, Input, Modal, Space, Tree } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmDelete } from '../../../ui/crud';
import { CustomerSwitch } from '../../../ui/pickers/CustomerSwitch';
import { knowledgeApi, useKnowledgeFolders, useKnowledgeMutation } from './knowledge.api';

export const RECYCLE_KEY = 'recycle';

interface Props {
  /** Whose folders. */
  customerId: number | undefined;
  onCustomerChange(customerId: number): void;
  /** A folder id, or RECYCLE_KEY for the recycle bin. */
  selected: number | typeof RECYCLE_KEY | undefined;
  onSelect(key: number | typeof RECYCLE_KEY | undefined): void;
  canEdit: boolean;
}

/**
 * The customer whose knowledge is shown (for whoever reaches several), its folder tree (root
 * first) and the recycle bin below it.
 */
export function FolderPanel({ customerId, onCustomerChange, selected, onSelect, canEdit }: Props) {
  const { t } = useTranslation(['knowledge-file', 'crud']);
  const folders = useKnowledgeFolders(customerId);
  const [naming, setNaming] = useState<{ id?: number; name: string } | null>(null);
  const rows = folders.data ?? [];
  const root = rows.find((f) => f.parentId === null);
  const save = useKnowledgeMutation((v: { id?: number; name: string }) =>
    v.id
      ? knowledgeApi.renameFolder(v.id, v.name)
      : // A new folder goes in the folder picked, else at this customer's root.
        knowledgeApi.saveFolder(v.name, typeof selected === 'number' ? selected : root?.id),
  );
  const remove = useKnowledgeMutation((id: number) => knowledgeApi.deleteFolder(id));
  const confirmDelete = useConfirmDelete();
  const build = (parentId: number): { key: number; title: string; icon: ReactNode; children: unknown[] }[] =>
    rows
      .filter((f) => f.parentId === parentId)
      .map((f) => ({
        key: f.id,
        title: `${f.name} (${f.fileCount})`,
        icon: <FolderOutlined />,
        children: build(f.id),
      }));
  const treeData = root
    ? [{ key: root.id, title: `${t('root')} (${root.fileCount})`, icon: <FolderOutlined />, children: build(root.id) }]
    : [];
  const current = rows.find((f) => f.id === selected);

  return (
    <Card
      size="small"
      title={t('folders')}
      className="knowledge-folders"
      extra={
        canEdit && (
          <Space size={0}>
            <Button
              type="text"
              size="small"
              icon={<FolderAddOutlined />}
              aria-label={t('newFolder')}
              onClick={() => setNaming({ name: '' })}
              data-testid="folder-new"
            />
            <Button
              type="text"
              size="small"
              icon={<EditOutlined />}
              aria-label={t('renameFolder')}
              disabled={!current?.parentId}
              onClick={() => current && setNaming({ id: current.id, name: current.name })}
            />
            <Button
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('deleteFolder')}
              disabled={!current?.parentId}
              onClick={() =>
                current &&
                void confirmDelete([current.name], async () => {
                  await remove.mutateAsync(current.id);
                  onSelect(undefined);
                })
              }
            />
          </Space>
        )
      }
    >
      <CustomerSwitch value={customerId} onChange={onCustomerChange} testId="knowledge-customer-switch" />
      <Tree
        showIcon
        blockNode
        defaultExpandAll
        key={rows.length}
        selectedKeys={typeof selected === 'number' ? [selected] : []}
        treeData={treeData as never}
        onSelect={(keys) => onSelect(keys[0] === undefined ? undefined : Number(keys[0]))}
        style={{ textAlign: 'start' }}
        data-testid="folder-tree"
      />
      <Button
        type={selected === RECYCLE_KEY ? 'primary' : 'text'}
        ghost={selected === RECYCLE_KEY}
        block
        icon={<RestOutlined />}
        style={{ marginTop: 12, justifyContent: 'flex-start' }}
        onClick={() => onSelect(selected === RECYCLE_KEY ? undefined : RECYCLE_KEY)}
        data-testid="recycle-bin"
      >
        {t('recycleBin')}
      </Button>
      <Modal
        open={!!naming}
        title={naming?.id ? t('renameFolder') : t('newFolder')}
        okText={t('crud:save')}
        cancelText={t('crud:cancel')}
        okButtonProps={{ disabled: !naming?.name.trim(), loading: save.isPending }}
        onCancel={() => setNaming(null)}
        onOk={async () => {
          if (!naming) return;
          await save.mutateAsync({ ...naming, name: naming.name.trim() }).catch(() => undefined);
          setNaming(null);
        }}
        destroyOnHidden
      >
        <Input
          autoFocus
          maxLength={200}
          placeholder={t('folderName')}
          value={naming?.name ?? ''}
          onChange={(e) => setNaming((n) => (n ? { ...n, name: e.target.value } : n))}
          data-testid="folder-name"
        />
      </Modal>
    </Card>
  );
}
