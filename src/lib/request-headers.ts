import { deviceId } from './device-id';
import { getCompanyCode, getRequestLanguage } from './request-context';

/**
 * Minutes east of UTC (Vietnam: 420). getTimezoneOffset() counts minutes *behind* UTC, so it is
 * negated; this is the sign the server expects in `x-timezone-offset`.
 */
export const timezoneOffsetMinutes = (date = new Date()) => -date.getTimezoneOffset();

/**
 * The headers of spec section 7 that every request carries, except Authorization, which the
 * base query adds only when the request does not opt out.
 */
export function commonHeaders(): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    Accept: 'application/json',
    'x-accept-language': getRequestLanguage(),
    'x-timezone-offset': String(timezoneOffsetMinutes()),
    unique: deviceId(),
    CompanyCode: getCompanyCode(),
  };
}
