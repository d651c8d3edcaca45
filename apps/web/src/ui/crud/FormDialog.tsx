import type { FieldError } from '@agent-console/contracts';
import { Alert, type ButtonProps, Form, type FormInstance, Modal } from 'antd';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../platform/api/feedback';
import { applyFieldErrors, applyServerErrors, namePath } from '../form/server-errors';

interface Props<T extends object> {
  open: boolean;
  title: ReactNode;
  /** The dialog's form, when the page needs it (watching fields); otherwise the dialog makes one. */
  form?: FormInstance<T>;
  /** Values the fields show on opening: the record being edited, or a new one's defaults. */
  initialValues?: Partial<T>;
  /**
   * The contract's own check of the values (rules across fields, nested rows), run after the
   * fields' rules: what it finds is shown on the fields exactly as the server's answer would be.
   */
  check?: (values: T) => FieldError[];
  /** Saves; a rejected promise keeps the dialog open with the server's errors on the fields. */
  onSubmit(values: T): Promise<unknown>;
  onClose(): void;
  width?: number;
  children: ReactNode;
  testId?: string;
}

/**
 * The create/edit dialog of a list screen: client rules first, then the server's field errors
 * under the matching fields and its message on top; closes only after a successful save, which it
 * confirms with "Saved".
 */
export function FormDialog<T extends object>({
  open,
  title,
  form: given,
  initialValues,
  check,
  onSubmit,
  onClose,
  width = 560,
  children,
  testId = 'crud-dialog',
}: Props<T>) {
  const { t } = useTranslation('crud');
  const [own] = Form.useForm<T>();
  const form = given ?? own;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Applied when the dialog opens, not whenever the page renders a new object.
  const initial = useRef(initialValues);
  initial.current = initialValues;

  useEffect(() => {
    if (!open) return;
    setError(null);
    form.resetFields();
    if (initial.current) form.setFieldsValue(initial.current as Parameters<typeof form.setFieldsValue>[0]);
  }, [open, form]);

  const submit = async () => {
    const valid = await form.validateFields().catch(() => null);
    const fieldsPass = valid !== null;
    const all = { ...(form.getFieldsValue(true) as T), ...valid };
    // The contract's check runs even when a field's own rule failed, so the first Save shows every
    // mistake at once (a missing name and an empty step), not one batch per click; a field whose
    // rule already speaks keeps that sentence.
    const found = checkAll(check, all, fieldsPass).filter(
      (f) => !form.getFieldError(namePath(f.field) as never).length,
    );
    if (!fieldsPass || found.length) {
      const elsewhere = found.length ? applyFieldErrors(form, found) : null;
      setError(elsewhere ?? t('errors:formInvalid'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit(all);
      // Every dialog confirms a save the same way (issue 37): a person never wonders whether it took.
      feedback.success(t('saved'));
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
        <Form
          form={form}
          layout="vertical"
          onValuesChange={() => setError(null)}
          preserve={false}
          onKeyDown={(event) => {
            if (!busy && submitsOnEnter(event)) {
              event.preventDefault();
              void submit();
            }
          }}
        >
          {children}
        </Form>
      </div>
    </Modal>
  );
}

/**
 * The contract's check of the dialog's values. Values a field's rule refused may be of a shape the
 * check does not expect; then only the fields' own errors are shown.
 */
function checkAll<T>(check: ((values: T) => FieldError[]) | undefined, values: T, fieldsPass: boolean): FieldError[] {
  if (!check) return [];
  try {
    return check(values);
  } catch (err) {
    if (fieldsPass) throw err;
    return [];
  }
}

/** Inputs where Enter means "done" (a select, a date or a time picker take Enter for themselves). */
const SUBMITTING_INPUTS = new Set(['text', 'email', 'password', 'number', 'tel', 'url', 'search']);

/** Whether Enter here saves the dialog, as it would submit a plain HTML form. */
function submitsOnEnter(event: KeyboardEvent): boolean {
  if (event.key !== 'Enter' || event.nativeEvent.isComposing || event.shiftKey || event.ctrlKey || event.altKey) {
    return false;
  }
  const target = event.target;
  if (!(target instanceof HTMLInputElement) || !SUBMITTING_INPUTS.has(target.type)) return false;
  return target.getAttribute('role') !== 'combobox' && !target.closest('.ant-select, .ant-picker, .ant-cascader');
}
