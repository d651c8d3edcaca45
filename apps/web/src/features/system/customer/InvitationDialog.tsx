import type { Dept } from '@agent-console/contracts';
import { SyncOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Modal, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/api/client';
import { feedback } from '../../../platform/api/feedback';
import { deptApi } from '../../../platform/resources/system-dept';
import { formatTime } from '../../../ui/crud';

/** Shows a customer's invitation code; rotating it revokes the old one at once. */
export function InvitationDialog({ dept, onClose }: { dept: Dept | null; onClose(): void }) {
  const { t } = useTranslation(['system-dept', 'crud']);
  const { modal } = App.useApp();
  const client = useQueryClient();
  const key = ['system', 'dept', 'invitation', dept?.id];
  const code = useQuery({
    queryKey: key,
    queryFn: () => deptApi.invitation(dept?.id ?? 0),
    enabled: !!dept,
    staleTime: 0,
  });
  const rotate = useMutation({
    mutationFn: () => deptApi.rotateInvitation(dept?.id ?? 0),
    onSuccess: (data) => {
      client.setQueryData(key, data);
      feedback.success(t('invitation.rotated'));
    },
  });
  return (
    <Modal
      open={!!dept}
      title={t('invitation.title', { name: dept?.name ?? '' })}
      onCancel={onClose}
      footer={[
        // Refused (the code would hand out a role the caller may not grant): nothing to renew.
        !code.isError && (
          <Button
            key="rotate"
            danger
            icon={<SyncOutlined />}
            loading={rotate.isPending}
            onClick={() =>
              modal.confirm({
                title: t('invitation.rotateTitle'),
                content: t('invitation.rotateConfirm'),
                okButtonProps: { danger: true },
                onOk: () => rotate.mutateAsync().catch(() => undefined),
              })
            }
            data-testid="invitation-rotate"
          >
            {t('invitation.rotate')}
          </Button>
        ),
        <Button key="close" type="primary" onClick={onClose} data-testid="invitation-close">
          {t('invitation.close')}
        </Button>,
      ]}
    >
      {code.isLoading ? (
        <Spin />
      ) : code.isError ? (
        <Alert
          type="warning"
          showIcon
          title={
            code.error instanceof ApiError && code.error.code === 'A0312' ? t('invitation.refused') : code.error.message
          }
          data-testid="invitation-refused"
        />
      ) : (
        <>
          <Typography.Paragraph>{t('invitation.explain')}</Typography.Paragraph>
          <Typography.Title level={3} copyable data-testid="invitation-code" style={{ fontFamily: 'monospace' }}>
            {code.data?.code}
          </Typography.Title>
          <Typography.Text type="secondary">
            {t('invitation.since', { time: formatTime(code.data?.createdAt) })}
          </Typography.Text>
        </>
      )}
    </Modal>
  );
}
