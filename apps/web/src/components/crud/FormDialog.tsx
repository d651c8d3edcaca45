import { Alert, type ButtonProps, Form, type FormInstance, Modal } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../server-errors';

interface Props<T extends object> {
  open: boolean;
  title: ReactNode;
  form: FormInstance<T>;
  /** Values to show when opening (edit); omitted for a new record. */
  initialValues?: Partial<T>;
  /** Saves; a rejected promise keeps the dialog open with the server's errors on the fields. */
  onSubmit(values: T): Promise<unknown>;
  onClose(): void;
  width?: number;
  children: ReactNode;
  testId?: string;
}

/**
 * The create/edit dialog of a list screen: client rules first, then the server's field errors
 * under the matching fields and its message on top; closes only after a successful save.
 */
export function FormDialog<T extends object>({
  open,
  title,
  form,
  initialValues,
  onSubmit,
  onClose,
  width = 560,
  children,
  testId = 'crud-dialog',
}: Props<T>) {
  const { t } = useTranslation('crud');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setError(null);
    form.resetFields();
    if (initialValues) form.setFieldsValue(initialValues as Parameters<typeof form.setFieldsValue>[0]);
  }, [open, initialValues, form]);

  const submit = async () => {
    let values: T;
    try {
      values = await form.validateFields();
    } catch {
      setError(t('checkInput'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit({ ...(form.getFieldsValue(true) as T), ...values });
      onClose();
    } catch (err) {
      setError(applyServerErrors(form, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      width={width}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={busy}
      okText={t('save')}
      cancelText={t('cancel')}
      okButtonProps={{ 'data-testid': 'crud-dialog-ok' } as ButtonProps}
      destroyOnHidden
      maskClosable={false}
    >
      <div data-testid={testId}>
        {error && (
          <Alert type="error" showIcon title={error} className="crud-dialog-error" data-testid="crud-dialog-error" />
        )}
        <Form form={form} layout="vertical" onValuesChange={() => setError(null)} preserve={false}>
          {children}
        </Form>
      </div>
    </Modal>
  );
}
