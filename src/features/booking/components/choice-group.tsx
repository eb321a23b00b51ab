import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import * as css from '../booking.css';

/**
 * Tells a pick that should move on (a click, Space, Enter) from one made while arrowing through
 * a radio group: arrow keys change the checked radio at every press, and moving focus away then
 * would make the rest of the group unreachable by keyboard.
 */
export function usePickIntent(onConfirm?: () => void) {
  const byArrow = useRef(false);
  return {
    onKeyDown(event: KeyboardEvent<HTMLElement>) {
      byArrow.current = event.key.startsWith('Arrow');
      const target = event.target as HTMLInputElement;
      if (event.key === 'Enter' && target.type === 'radio' && target.checked) {
        event.preventDefault();
        onConfirm?.();
      }
    },
    onPointerDown() {
      byArrow.current = false;
    },
    /** Whether the change being handled should move on; resets the arrow state. */
    takeAdvance(): boolean {
      const advance = !byArrow.current;
      byArrow.current = false;
      return advance;
    },
  };
}

export interface ChoiceOption<V extends string | number> {
  value: V;
  label: ReactNode;
  hint?: ReactNode;
  disabled?: boolean;
}

interface ChoiceGroupProps<V extends string | number> {
  legend: ReactNode;
  name: string;
  options: ChoiceOption<V>[];
  value: V | null | undefined;
  /** `advance`: the pick was a click, Space or Enter, not an arrow key. */
  onPick: (value: V, advance: boolean) => void;
  /** Enter on the checked option (no change): move on with the current value. */
  onConfirm?: () => void;
  layout?: 'chips' | 'wide';
  description?: ReactNode;
  error?: string | null;
}

/** A radio group as a real fieldset with a legend; options are styled chips or wide rows. */
export function ChoiceGroup<V extends string | number>({
  legend,
  name,
  options,
  value,
  onPick,
  onConfirm,
  layout = 'chips',
  description,
  error,
}: ChoiceGroupProps<V>) {
  const intent = usePickIntent(onConfirm);
  const errorId = `${name}-error`;
  const descriptionId = `${name}-description`;
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <fieldset
      className={css.fieldset}
      onKeyDown={intent.onKeyDown}
      onPointerDown={intent.onPointerDown}
      aria-describedby={describedBy || undefined}
    >
      <legend className={css.legend}>{legend}</legend>
      {description && (
        <p id={descriptionId} className={css.note}>
          {description}
        </p>
      )}
      <div className={layout === 'wide' ? css.column : css.options}>
        {options.map((option, index) => (
          <label key={option.value} className={layout === 'wide' ? css.wideChoice : css.choice}>
            <input
              type="radio"
              className={css.choiceInput}
              name={name}
              value={String(option.value)}
              checked={value === option.value}
              disabled={option.disabled}
              aria-invalid={error && index === 0 ? true : undefined}
              onChange={() => onPick(option.value, intent.takeAdvance())}
            />
            <span className={css.choiceText}>
              <span>{option.label}</span>
              {option.hint && <span className={css.choiceHint}>{option.hint}</span>}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className={css.errorText}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
