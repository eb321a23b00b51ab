import type { WidgetProps } from '@rjsf/utils';

/**
 * An rjsf widget for a yes/no question: two radios in a group named by the question itself, so
 * a screen reader announces "Was it an accident? Yes/No" (rjsf's radio widget leaves the group
 * unnamed). `ui:options.yesNoLabels` gives the translated Yes and No.
 */
export function YesNoWidget({
  id,
  label,
  value,
  onChange,
  required,
  disabled,
  readonly,
  options,
}: WidgetProps) {
  const names = (options.yesNoLabels as string[] | undefined) ?? ['Yes', 'No'];
  return (
    <div role="radiogroup" aria-label={label} aria-required={required || undefined} id={id}>
      {[true, false].map((answer, index) => (
        <label key={String(answer)} style={{ marginInlineEnd: '1rem' }}>
          <input
            type="radio"
            name={id}
            value={String(answer)}
            checked={value === answer}
            disabled={disabled || readonly}
            onChange={() => onChange(answer)}
          />{' '}
          {names[index]}
        </label>
      ))}
    </div>
  );
}
