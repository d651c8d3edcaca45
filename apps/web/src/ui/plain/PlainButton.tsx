import { LoadingOutlined } from '@ant-design/icons';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import './plain.css';

interface Props extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'default' | 'text' | 'link';
  size?: 'large' | 'middle';
  block?: boolean;
  loading?: boolean;
  icon?: ReactNode;
}

/** Two Chinese characters alone on a button get a space between them, as antd's buttons do. */
const TWO_CHINESE = /^[\u4e00-\u9fa5]{2}$/;

/**
 * A button drawn like antd's, for the screens that load before antd (sign-in, the shell's
 * loading and failure states): the same sizes, colours and states, without antd's runtime.
 */
export function PlainButton(props: Props) {
  const { variant = 'default', size = 'middle', block, loading, icon, className, children, ...rest } = props;
  const classes = [
    'plain-btn',
    `plain-btn-${variant}`,
    size === 'large' ? 'plain-btn-lg' : '',
    block ? 'plain-btn-block' : '',
    loading ? 'plain-btn-loading' : '',
    className ?? '',
  ].filter(Boolean);
  const label = typeof children === 'string' && TWO_CHINESE.test(children) ? children.split('').join(' ') : children;
  return (
    <button type="button" className={classes.join(' ')} aria-busy={loading || undefined} {...rest}>
      {loading ? <LoadingOutlined /> : icon}
      {label !== undefined && <span>{label}</span>}
    </button>
  );
}
