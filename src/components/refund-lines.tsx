import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Refund } from '../../schemas/appointments';
import { formatVnd } from '../lib/i18n/format-money';
import { formatZonedDateTime } from '../../schemas/time';

/**
 * Where the money of a cancelled booking went, one sentence a refund: "Đã hoàn 200.000 ₫ vào ví
 * lúc 12/05/2026 10:03." (wallet) or back to the bank account or card that paid, with the
 * hospital's clock. Used by the receipt, the appointment detail and the cancel result.
 */
export function refundSentences(
  t: TFunction,
  language: string,
  refunds: Refund[],
  timeZone: string,
): string[] {
  return refunds.map((refund) =>
    t(`refund.${refund.to}`, {
      amount: formatVnd(refund.amount, language),
      when: formatZonedDateTime(refund.at, timeZone),
    }),
  );
}

/** The refunds as a list (nothing when there are none). */
export function RefundLines({ refunds, timeZone }: { refunds: Refund[]; timeZone: string }) {
  const { t, i18n } = useTranslation();
  if (refunds.length === 0) return null;
  return (
    <ul aria-label={t('refund.title')}>
      {refundSentences(t, i18n.language, refunds, timeZone).map((sentence) => (
        <li key={sentence}>{sentence}</li>
      ))}
    </ul>
  );
}
