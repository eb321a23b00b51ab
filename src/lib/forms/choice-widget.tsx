import type { WidgetProps } from '@rjsf/utils';

/** One option of a ChoiceWidget: an id loaded from the API and its label. */
export interface Choice {
  value: number;
  label: string;
}

/**
 * An rjsf widget: a select over choices loaded from the API (cities, specialities, relations,
 * addresses); the value is the id. `ui:options`: `choices` and `placeholder` (the empty option's
 * text, already translated by the form's spec).
 */
export function ChoiceWidget({
  id,
  value,
  onChange,
  options,
  required,
  disabled,
  readonly,
  onBlur,
  onFocus,
}: WidgetProps) {
  const choices = (options.choices as Choice[] | undefined) ?? [];
  const placeholder = typeof options.placeholder === 'string' ? options.placeholder : '';
  return (
    <select
      id={id}
      value={value ?? ''}
      required={required}
      disabled={disabled || readonly}
      onChange={(event) => onChange(event.target.value ? Number(event.target.value) : undefined)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    >
      <option value="">{placeholder}</option>
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </select>
  );
}
