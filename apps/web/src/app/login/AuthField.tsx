import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { type InputHTMLAttributes, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './auth-form.css';

interface FieldProps {
  name: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
}

/** A labelled form row with its message underneath, laid out as antd's large vertical form. */
export function AuthField({ name, label, error, children }: FieldProps) {
  return (
    <div className={error ? 'auth-field has-error' : 'auth-field'}>
      <label className="auth-field-label" htmlFor={name}>
        {label}
      </label>
      {children}
      {error && (
        <div className="auth-field-error" id={`${name}-error`} role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'prefix'> {
  name: string;
  value: string;
  onValue(value: string): void;
  prefix: ReactNode;
  invalid: boolean;
  /** A password, with antd's eye to show it. */
  secret?: boolean;
}

/** A text input with its icon in front, drawn like antd's large `Input` (and `Input.Password`). */
export function AuthInput({ name, value, onValue, prefix, invalid, secret, ...rest }: InputProps) {
  const { t } = useTranslation('login');
  const [shown, setShown] = useState(false);
  return (
    <span className={invalid ? 'auth-input is-invalid' : 'auth-input'}>
      <span className="auth-input-prefix">{prefix}</span>
      <input
        {...rest}
        id={name}
        name={name}
        type={secret && !shown ? 'password' : 'text'}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${name}-error` : undefined}
      />
      {secret && (
        <button
          type="button"
          className="auth-input-eye"
          tabIndex={-1}
          aria-label={t(shown ? 'hidePassword' : 'showPassword')}
          aria-pressed={shown}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? <EyeOutlined /> : <EyeInvisibleOutlined />}
        </button>
      )}
    </span>
  );
}
