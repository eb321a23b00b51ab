/**
 * Vietnamese SMS lengths: a message without diacritics fits the GSM 7-bit alphabet (160
 * characters in one SMS, 153 per part when longer); with diacritics it is UCS-2 (70, then 67).
 * Brand-name gateways charge per part, and many tenants' gateways accept only the 7-bit form.
 */

/** "Lịch hẹn đã xác nhận" -> "Lich hen da xac nhan". */
export function withoutDiacritics(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .normalize('NFC');
}

// The GSM 03.38 basic set (and the extension characters counted as two).
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€';

/** Whether the text is all GSM 7-bit characters. */
export function isGsm7(text: string): boolean {
  for (const ch of text) if (!GSM_BASIC.includes(ch) && !GSM_EXTENDED.includes(ch)) return false;
  return true;
}

/** How many SMS parts the text takes. */
export function smsParts(text: string): number {
  if (isGsm7(text)) {
    let units = 0;
    for (const ch of text) units += GSM_EXTENDED.includes(ch) ? 2 : 1;
    return units <= 160 ? 1 : Math.ceil(units / 153);
  }
  const units = [...text].reduce((n, ch) => n + (ch.codePointAt(0)! > 0xffff ? 2 : 1), 0);
  return units <= 70 ? 1 : Math.ceil(units / 67);
}

// Common typography outside the GSM alphabet, as a 7-bit gateway can carry it.
const GSM_SUBSTITUTES: Record<string, string> = {
  '₫': 'VND',
  '–': '-',
  '—': '-',
  '“': '"',
  '”': '"',
  '‘': "'",
  '’': "'",
  '…': '...',
};

/**
 * The text as the gateway takes it: spaces tidied; unless it accepts Unicode, diacritics dropped
 * and what is left outside the GSM alphabet replaced (₫ -> VND) or dropped.
 */
export function smsText(text: string, unicode: boolean): string {
  const tidy = text.replace(/\s+/g, ' ').trim();
  if (unicode) return tidy;
  const plain = withoutDiacritics(tidy).replace(/\s?₫/g, ' ₫');
  let out = '';
  for (const ch of plain) {
    const sub = GSM_SUBSTITUTES[ch];
    out += sub ?? (isGsm7(ch) ? ch : '');
  }
  return out;
}
