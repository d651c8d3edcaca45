import { CloseCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import type { ReactNode } from 'react';
import './plain.css';

interface Props {
  status: 'error' | 'warning';
  title: string;
  subTitle?: string;
  /** The way on: a "Try again" button. */
  extra?: ReactNode;
  testId?: string;
}

/**
 * antd's `Result` with a status icon, drawn without it: antd's `Result` carries its 404, 403 and
 * 500 pictures wherever it is used, and a failure message needs none of them.
 */
export function PlainResult({ status, title, subTitle, extra, testId }: Props) {
  return (
    <div className={`plain-result plain-result-${status}`} data-testid={testId} role="alert">
      {status === 'error' ? <CloseCircleFilled /> : <ExclamationCircleFilled />}
      <h2 className="plain-result-title">{title}</h2>
      {subTitle && <p className="plain-result-subtitle">{subTitle}</p>}
      {extra}
    </div>
  );
}
