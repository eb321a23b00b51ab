import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldError, visuallyHidden } from '../../../components/ui.css';
import * as css from '../appointments.css';

interface Props {
  value: number;
  onChange: (rating: number) => void;
  error?: string | null | undefined;
}

/**
 * A 1-5 rating as a native radio group: arrow keys move between the stars, each star's label is
 * read ("4 sao"), and the group has a legend and its error.
 */
export function StarRating({ value, onChange, error }: Props) {
  const { t } = useTranslation();
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset className={css.stars} aria-describedby={error ? errorId : undefined}>
      <legend>{t('appointments.rating')}</legend>
      <div className={css.starRow}>
        {[1, 2, 3, 4, 5].map((rating) => {
          const id = `${name}-${rating}`;
          return (
            <span key={rating}>
              <input
                id={id}
                className={css.starInput}
                type="radio"
                name={name}
                value={rating}
                checked={value === rating}
                aria-invalid={error && rating === 1 ? true : undefined}
                onChange={() => onChange(rating)}
              />
              <label htmlFor={id} className={`${css.star} ${rating <= value ? css.starOn : ''}`}>
                <span aria-hidden="true">{rating <= value ? '★' : '☆'}</span>
                <span className={visuallyHidden}>{t('appointments.stars', { count: rating })}</span>
              </label>
            </span>
          );
        })}
      </div>
      {error && (
        <p id={errorId} className={fieldError}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
