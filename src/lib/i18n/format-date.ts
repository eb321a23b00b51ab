const pad = (n: number) => String(n).padStart(2, '0');

const toDate = (value: Date | string | number) => (value instanceof Date ? value : new Date(value));

/** dd/MM/yyyy in the browser's time zone (spec section 9); '' for an invalid date. */
export function formatDate(value: Date | string | number): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** dd/MM/yyyy HH:mm (24-hour clock, as used in Vietnam). */
export function formatDateTime(value: Date | string | number): string {
  const date = toDate(value);
  const day = formatDate(date);
  return day && `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
