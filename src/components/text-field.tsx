import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { field, fieldError, input, label as labelClass } from './ui.css';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  label: string;
  /** The translated error, if any: marks the input invalid and is linked with aria-describedby. */
  error?: string | null | undefined;
  /** Extra help shown under the input (also linked). */
  hint?: ReactNode;
  id?: string;
}

/** A labelled input whose error and hint are announced with it (WCAG 1.3.1, 3.3.1). */
export function TextField({ label, error, hint, id, ...rest }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className={field}>
      <label className={labelClass} htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className={input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...rest}
      />
      {hint && <div id={hintId}>{hint}</div>}
      {error && (
        <p id={errorId} className={fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A one-time code input: digits only, at most six, filled from SMS/email by the browser. */
export function CodeField(props: Omit<TextFieldProps, 'type' | 'inputMode' | 'autoComplete'>) {
  return (
    <TextField
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      pattern="[0-9]*"
      {...props}
    />
  );
}
