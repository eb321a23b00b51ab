import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOfferRuleText } from '../../../components/offer-rule';
import { TextField } from '../../../components/text-field';
import { button } from '../../../components/ui.css';
import { formatVnd } from '../../../lib/i18n/format-money';
import type { PriceQuote } from '../api';
import type { BookingFailure } from '../booking-errors';
import type { BookingParams } from '../booking-params';
import * as css from '../booking.css';
import { failureMessages } from './failure-text';
import type { Pricing } from './use-pricing';

/** The price lines: price, promo discount, wallet, what is left to pay. */
export function PriceLines({ quote }: { quote: PriceQuote }) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatVnd(amount, i18n.language);
  return (
    <dl className={css.summary}>
      <div className={css.summaryRow}>
        <dt>{t('booking.price')}</dt>
        <dd>{money(quote.price)}</dd>
      </div>
      {quote.discount > 0 && (
        <div className={css.summaryRow}>
          <dt>
            {quote.coveredBy === 'product'
              ? t('booking.giftCovered')
              : quote.coveredBy
                ? t('booking.freeCovered')
                : t('booking.discount')}
          </dt>
          <dd>-{money(quote.discount)}</dd>
        </div>
      )}
      {quote.walletAmount > 0 && (
        <div className={css.summaryRow}>
          <dt>{t('booking.walletPaid')}</dt>
          <dd>-{money(quote.walletAmount)}</dd>
        </div>
      )}
      <div className={css.total}>
        <dt>{t('booking.finalPrice')}</dt>
        <dd>{money(quote.finalPrice)}</dd>
      </div>
    </dl>
  );
}

interface PriceStepProps {
  pricing: Pricing;
  params: BookingParams;
  error: BookingFailure | null;
  onPromo: (promo: string | null) => void;
  onWallet: (on: boolean) => void;
  onFree: (userPackageId: number | null) => void;
  onGift: (userProductId: number | null) => void;
  onContinue: () => void;
}

const PROMO_ID = 'booking-promo';

/** Step: the price, a promo code and the wallet. */
export function PriceStep({
  pricing,
  params,
  error,
  onPromo,
  onWallet,
  onFree,
  onGift,
  onContinue,
}: PriceStepProps) {
  const { t, i18n } = useTranslation();
  const [code, setCode] = useState(params.promo ?? '');
  const ruleText = useOfferRuleText();
  const failure =
    pricing.promoFailure ?? (error?.keys.some((key) => key.startsWith('promo_code_')) ? error : null);
  const promoError = failure ? failureMessages(t, failure).join(' ') : null;
  // A refused code: focus goes back to the field, its message read with it.
  useEffect(() => {
    if (pricing.promoFailure) document.getElementById(PROMO_ID)?.focus();
  }, [pricing.promoFailure]);
  const apply = () => {
    const trimmed = code.trim();
    onPromo(trimmed || null);
  };
  const walletError = error?.keys.includes('wallet_not_eligible')
    ? failureMessages(t, error).join(' ')
    : null;
  return (
    <div className={css.step}>
      {pricing.priceError ? (
        <p className={css.errorText} role="alert">
          {t('booking.priceError')}{' '}
          <button type="button" className={button.ghost} onClick={pricing.retryPrice}>
            {t('state.retry')}
          </button>
        </p>
      ) : (
        pricing.quote && <PriceLines quote={pricing.quote} />
      )}
      {pricing.giftId !== null && !(pricing.useFree && !pricing.useGift) && (
        <label className={css.checkRow}>
          <input
            type="checkbox"
            checked={pricing.useGift}
            onChange={(event) => onGift(event.target.checked ? pricing.giftId : null)}
          />
          {t('booking.useGift')}
        </label>
      )}
      {pricing.freePackage && !pricing.useGift && (
        <label className={css.checkRow}>
          <input
            type="checkbox"
            checked={pricing.useFree}
            onChange={(event) => onFree(event.target.checked ? pricing.freePackage!.userPackageId : null)}
          />
          {t('booking.useFreeAppointment', {
            name: pricing.freePackage.name,
            left: pricing.freePackage.freeAppointmentsLeft,
          })}
        </label>
      )}
      {pricing.promoOn && !pricing.useFree && (
        <div className={css.row}>
          <div className={css.grow}>
            <TextField
              id={PROMO_ID}
              label={t('booking.promoCode')}
              value={code}
              maxLength={40}
              autoComplete="off"
              error={promoError}
              hint={
                pricing.promoApplied
                  ? pricing.quote?.promoRule
                    ? t('booking.promoRuleApplied', {
                        code: pricing.promoApplied,
                        rule: ruleText(pricing.quote.promoRule),
                      })
                    : t('booking.promoApplied', { code: pricing.promoApplied })
                  : undefined
              }
              onChange={(event) => setCode(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  apply();
                }
              }}
            />
          </div>
          <button
            type="button"
            className={button.secondary}
            onClick={apply}
            disabled={pricing.promoChecking || !code.trim()}
          >
            {t('booking.applyPromo')}
          </button>
          {params.promo && (
            <button
              type="button"
              className={button.ghost}
              onClick={() => {
                setCode('');
                onPromo(null);
              }}
            >
              {t('booking.removePromo')}
            </button>
          )}
        </div>
      )}
      {pricing.walletEligible && pricing.walletQuote && (
        <label className={css.checkRow}>
          <input
            type="checkbox"
            checked={params.wallet}
            aria-invalid={walletError ? true : undefined}
            onChange={(event) => onWallet(event.target.checked)}
          />
          {t('booking.useWallet', {
            amount: formatVnd(pricing.walletQuote.walletAmount, i18n.language),
            balance: formatVnd(pricing.walletQuote.walletBalance, i18n.language),
          })}
        </label>
      )}
      {walletError && <p className={css.errorText}>{walletError}</p>}
      <p>
        <button type="button" className={button.secondary} onClick={onContinue} disabled={!pricing.ready}>
          {t('booking.continue')}
        </button>
      </p>
    </div>
  );
}
