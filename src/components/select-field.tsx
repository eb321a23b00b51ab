import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { field, fieldError, label as labelClass, select } from './ui.css';

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'> {
  label: string;
  /** The translated error, if any: marks the select invalid and is linked with aria-describedby. */
  error?: string | null | undefined;
  id?: string;
  /** The options. */
  children: ReactNode;
}

/** A labelled select whose error is announced with it, the counterpart of TextField. */
export function SelectField({ label, error, id, children, ...rest }: SelectFieldProps) {
  const generated = useId();
  const selectId = id ?? generated;
  const errorId = `${selectId}-error`;
  return (
    <div className={field}>
      <label className={labelClass} htmlFor={selectId}>
        {label}
      </label>
      <select
        id={selectId}
        className={select}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...rest}
      >
        {children}
      </select>
      {error && (
        <p id={errorId} className={fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}
