/** Vietnam, the country of a phone number given without one (login names, the dev outbox). */
export const DEFAULT_COUNTRY_ID = 1;

/** A national number without its trunk prefix: '0901 234 567' -> '901234567' (digits only). */
export const nationalNumber = (digits: string) => digits.replace(/\D/g, '').replace(/^0+/, '');
