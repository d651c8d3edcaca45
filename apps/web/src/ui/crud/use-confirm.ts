import { App, type ButtonProps } from 'antd';
import type { ReactNode } from 'react';

export interface ConfirmRequest {
  title: ReactNode;
  content: ReactNode;
  /** Test id of the OK button. */
  okTestId: string;
  okText?: ReactNode;
  cancelText?: ReactNode;
  /** A destructive action (the default) shows a red OK button. */
  danger?: boolean;
  /** Runs while the dialog waits on OK; without it the dialog closes at once. */
  run?: () => Promise<unknown>;
}

/**
 * The one confirmation dialog of the console. Resolves true once confirmed and, when given, `run`
 * succeeded; false when cancelled or failed (the API client has already shown the server's
 * message), so a list keeps its ticked rows for another try.
 */
export function useConfirm() {
  const { modal } = App.useApp();
  return ({ title, content, okTestId, okText, cancelText, danger = true, run }: ConfirmRequest): Promise<boolean> =>
    new Promise((resolve) => {
      modal.confirm({
        title,
        content,
        ...(okText ? { okText } : {}),
        ...(cancelText ? { cancelText } : {}),
        okButtonProps: { danger, 'data-testid': okTestId } as ButtonProps,
        onOk: () =>
          run
            ? run().then(
                () => resolve(true),
                () => resolve(false),
              )
            : resolve(true),
        onCancel: () => resolve(false),
      });
    });
}
