const formatters = new Map<string, Intl.NumberFormat>();

/** A VND amount in the active language's number style (e.g. 300.000 ₫). */
export function formatVnd(amount: number, language: string): string {
  const locale = language === 'en' ? 'en-US' : 'vi-VN';
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'VND',
      maximumFractionDigits: 0,
    });
    formatters.set(locale, formatter);
  }
  return formatter.format(amount);
}
