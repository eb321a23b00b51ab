import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import type { Choice } from '../patient-form-spec';

/** A select over choices loaded from the API (relations, addresses); the value is the id. */
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
  const { t } = useTranslation();
  const choices = (options.choices as Choice[] | undefined) ?? [];
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
      <option value="">{t('family.choose')}</option>
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </select>
  );
}
