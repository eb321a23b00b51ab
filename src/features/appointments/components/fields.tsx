import { useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { field, fieldError, label as labelClass } from '../../../components/ui.css';
import * as css from '../appointments.css';

interface Common {
  label: string;
  /** The translated error: marks the control invalid and is announced with it. */
  error?: string | null | undefined;
  /** A field the form cannot go on without: a visible * (the forms' convention) and aria-required. */
  required?: boolean | undefined;
}

/** The label's text and, for a required field, the * the other forms show (hidden from readers: aria-required says it). */
function LabelText({ label, required }: { label: string; required?: boolean | undefined }) {
  return (
    <>
      {label}
      {required && <span aria-hidden="true"> *</span>}
    </>
  );
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
  required,
  children,
  ...rest
}: Common & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'> & { children: ReactNode }) {
  const id = useId();
  return (
    <div className={field}>
      <label className={labelClass} htmlFor={id}>
        <LabelText label={label} required={required} />
      </label>
      <select
        id={id}
        className={css.select}
        aria-required={required || undefined}
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
  required,
  ...rest
}: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'>) {
  const id = useId();
  return (
    <div className={field}>
      <label className={labelClass} htmlFor={id}>
        <LabelText label={label} required={required} />
      </label>
      <textarea
        id={id}
        className={css.textarea}
        aria-required={required || undefined}
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
