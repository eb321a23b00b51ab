import { useTranslation } from 'react-i18next';
import type { PromoRule } from '../../schemas/discovery';
import { formatVnd } from '../lib/i18n/format-money';
import { useHospitalClock } from '../tenant/use-booking-rules';

/**
 * An offer's whole rule in one sentence (percent, cap, minimum fee, visit kinds, last day on the
 * hospital's clock): the home card, the offer page and the booking price step all say it the
 * same way, from the promo code's own data, so "20 %" never hides a 100 000 ₫ cap.
 */
export function useOfferRuleText() {
  const { t, i18n } = useTranslation();
  const clock = useHospitalClock();
  return (rule: PromoRule) => {
    const money = (amount: number) => formatVnd(amount, i18n.language);
    const discount = t('offer.ruleDiscount', { percent: rule.discountPercent });
    const parts = [
      rule.maxDiscount > 0 ? `${discount}, ${t('offer.max', { amount: money(rule.maxDiscount) })}` : discount,
    ];
    if (rule.minAmount > 0) parts.push(t('offer.ruleMin', { amount: money(rule.minAmount) }));
    parts.push(
      t('offer.ruleServices', {
        kinds: rule.serviceTypeIds
          ? rule.serviceTypeIds.map((id) => t(`serviceType.${id}`)).join(', ')
          : t('offer.ruleAllServices'),
      }),
    );
    parts.push(t('offer.ruleUntil', { date: clock.date(rule.expiresAt) }));
    return parts.join(' · ');
  };
}

/** The rule as a paragraph. */
export function OfferRule({ rule, className }: { rule: PromoRule; className?: string }) {
  const text = useOfferRuleText();
  return (
    <p className={className} data-testid="offer-rule">
      {text(rule)}
    </p>
  );
}
