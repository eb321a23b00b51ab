/**
 * A VND amount in the active language's number style: "300.000 ₫" in Vietnamese, "₫300,000" in
 * English (what Intl.NumberFormat gives for VND without decimals; the unit test holds the two
 * equal). Written out rather than through Intl because building the first currency formatter
 * loads locale data: about 15 ms on a laptop, a long task on a mid-range phone, on every page
 * that shows a price.
 */
export function formatVnd(amount: number, language: string): string {
  const rounded = Math.round(Math.abs(amount));
  const sign = amount < 0 && rounded !== 0 ? '-' : '';
  const digits = String(rounded);
  if (language === 'en') return `${sign}₫${group(digits, ',')}`;
  return `${sign}${group(digits, '.')}\u00a0₫`;
}

/** "1234567" -> "1.234.567" with the given separator. */
function group(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}
