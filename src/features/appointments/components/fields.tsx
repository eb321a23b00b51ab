import { useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { field, fieldError, label as labelClass } from '../../../components/ui.css';
import * as css from '../appointments.css';

interface Common {
  label: string;
  /** The translated error: marks the control invalid and is announced with it. */
  error?: string | null | undefined;
}

const describedBy = (id: string, error: unknown) => (error ? `${id}-error` : undefined);

function ErrorText({ id, error }: { id: string; error?: string | null | undefined }) {
  return error ? (
    <p id={`${id}-error`} className={fieldError}>
      {error}
    </p>
  ) : null;
}

/** A labelled select with its error. */
export function SelectField({
  label,
  error,
  children,
  ...rest
}: Common & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'> & { children: ReactNode }) {
  const id = useId();
  return (
    <div className={field}>
      <label className={labelClass} htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={css.select}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
        {...rest}
      >
        {children}
      </select>
      <ErrorText id={id} error={error} />
    </div>
  );
}

/** A labelled multi-line text with its error. */
export function TextAreaField({
  label,
  error,
  ...rest
}: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'>) {
  const id = useId();
  return (
    <div className={field}>
      <label className={labelClass} htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className={css.textarea}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
        {...rest}
      />
      <ErrorText id={id} error={error} />
    </div>
  );
}

/** A refusal of the server, announced when it appears. */
export function FormAlert({ message }: { message: string | null }) {
  return message ? (
    <p role="alert" className={css.formError}>
      {message}
    </p>
  ) : null;
}
