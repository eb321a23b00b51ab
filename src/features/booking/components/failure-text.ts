import type { TFunction } from 'i18next';
import { keyText } from '../../../lib/reply';
import type { BookingFailure } from '../booking-errors';

/** The translated sentences of a refusal (unknown keys left out; a generic one when none is known). */
export function failureMessages(t: TFunction, failure: BookingFailure): string[] {
  if (failure.status === 'network') return [t('request.networkError')];
  if (failure.status === 500) return [t('request.serverError')];
  const texts = failure.keys
    .map((key) => keyText(t, key) ?? keyText(t, `booking.errors.${key}`))
    .filter(Boolean);
  return texts.length ? [...new Set(texts as string[])] : [t('scheduling_failed')];
}
