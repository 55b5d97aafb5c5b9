import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix' | 'onChange' | 'size'> {
  value: string;
  onChange: (value: string) => void;
  prefix?: ReactNode;
  /** A password input with a show/hide toggle. */
  password?: boolean;
}

/**
 * A native input drawn like antd's large Input (styles/global.css). antd's Input imports
 * rc-field-form and async-validator (~20 KB gzip), too much for the login page's budget;
 * the other forms use antd's Input.
 */
export function TextInput({ value, onChange, prefix, password = false, className, ...rest }: Props) {
  const { t } = useTranslation('auth');
  const [revealed, setRevealed] = useState(false);
  const invalid = rest['aria-invalid'] === true || rest['aria-invalid'] === 'true';
  return (
    <span className={`text-input${invalid ? ' text-input--invalid' : ''}${className ? ` ${className}` : ''}`}>
      {prefix && <span className="text-input__prefix">{prefix}</span>}
      <input
        {...rest}
        className="text-input__control"
        type={password ? (revealed ? 'text' : 'password') : (rest.type ?? 'text')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {password && (
        <button
          type="button"
          className="text-input__suffix"
          aria-label={revealed ? t('form.hidePassword') : t('form.showPassword')}
          aria-pressed={revealed}
          onClick={() => setRevealed((shown) => !shown)}
        >
          {revealed ? <EyeOutlined /> : <EyeInvisibleOutlined />}
        </button>
      )}
    </span>
  );
}
