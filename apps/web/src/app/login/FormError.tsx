import { CloseCircleFilled } from '@ant-design/icons';

/** The form's own error above its fields, drawn like antd's error `Alert` with its icon. */
export function FormError({ message, testId }: { message: string; testId: string }) {
  return (
    <div className="auth-alert" role="alert" data-testid={testId}>
      <CloseCircleFilled className="auth-alert-icon" />
      <span>{message}</span>
    </div>
  );
}
