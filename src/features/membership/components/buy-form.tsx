import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { MembershipPackage } from '../../../../schemas/catalogue';
import { paths } from '../../../../schemas/paths';
import { PaymentMethod } from '../../../../schemas/codes';
import { button } from '../../../components/ui.css';
import { formatVnd } from '../../../lib/i18n/format-money';
import { replyText } from '../../../lib/reply';
import { useFeature } from '../../../tenant/tenant-context';
import { useWalletBalanceQuery } from '../../wallet';
import { useCheckout } from '../use-checkout';
import * as css from '../membership.css';

type Method = 'bank' | 'wallet';

/**
 * Buying a member package (spec sections 5 and 7: the package and the payment method must be
 * selected): the bank (the tenant's payment provider, the wallet spent first when asked) or the
 * wallet alone when it covers the price. A bank payment leaves for the bank's page; anything else
 * goes straight to the outcome.
 */
export function BuyForm({ packages }: { packages: MembershipPackage[] }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const walletOn = useFeature('wallet');
  const balance = useWalletBalanceQuery(undefined, { skip: !walletOn }).data?.balance ?? 0;
  const [packageId, setPackageId] = useState<number | null>(null);
  const [method, setMethod] = useState<Method | null>(null);
  const [problems, setProblems] = useState<{ package?: string; method?: string; reply?: string }>({});
  const checkout = useCheckout();
  const chosen = packages.find((p) => p.membershipPackageId === packageId);
  const walletCovers = walletOn && !!chosen && balance >= chosen.price;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = {
      ...(packageId === null ? { package: t('select_package') } : {}),
      ...(method === null ? { method: t('select_payment_method') } : {}),
    };
    setProblems(missing);
    if (packageId === null || method === null) {
      document.getElementById(packageId === null ? 'buy-package' : 'buy-method')?.focus();
      return;
    }
    const useWallet = method === 'wallet' || (walletOn && balance > 0);
    const { result, reply } = await checkout.start({
      packageId,
      paymentMethod: method === 'wallet' ? PaymentMethod.FreeOfConsultation : PaymentMethod.PayOnline,
      ...(useWallet ? { useWallet: true } : {}),
    });
    if (!result) return setProblems({ reply: replyText(t, reply) });
    if (!result.paymentUrl) void navigate(paths.purchaseResult(result.purchaseId));
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="buy-title">
      <h2 id="buy-title">{t('membership.buyTitle')}</h2>
      <fieldset
        className={css.fieldset}
        id="buy-package"
        tabIndex={-1}
        aria-describedby={problems.package ? 'buy-package-error' : undefined}
      >
        <legend className={css.legend}>{t('membership.choosePackage')}</legend>
        {packages.map((p) => (
          <label key={p.membershipPackageId} className={css.option}>
            <input
              type="radio"
              name="package"
              value={p.membershipPackageId}
              checked={packageId === p.membershipPackageId}
              onChange={() => setPackageId(p.membershipPackageId)}
            />
            {p.name} · {formatVnd(p.price, i18n.language)}
          </label>
        ))}
        {problems.package && (
          <p id="buy-package-error" className={css.error}>
            {problems.package}
          </p>
        )}
      </fieldset>
      <fieldset
        className={css.fieldset}
        id="buy-method"
        tabIndex={-1}
        aria-describedby={problems.method ? 'buy-method-error' : undefined}
      >
        <legend className={css.legend}>{t('membership.chooseMethod')}</legend>
        <label className={css.option}>
          <input
            type="radio"
            name="method"
            value="bank"
            checked={method === 'bank'}
            onChange={() => setMethod('bank')}
          />
          {walletOn && balance > 0
            ? t('membership.payBankAfterWallet', { balance: formatVnd(balance, i18n.language) })
            : t('membership.payBank')}
        </label>
        {walletOn && (
          <label className={css.option}>
            <input
              type="radio"
              name="method"
              value="wallet"
              checked={method === 'wallet'}
              disabled={!!chosen && !walletCovers}
              onChange={() => setMethod('wallet')}
            />
            {t('membership.payWallet', { balance: formatVnd(balance, i18n.language) })}
          </label>
        )}
        {problems.method && (
          <p id="buy-method-error" className={css.error}>
            {problems.method}
          </p>
        )}
      </fieldset>
      {problems.reply && (
        <p role="alert" className={css.error}>
          {problems.reply}
        </p>
      )}
      <button type="submit" className={button.primary} disabled={checkout.isLoading}>
        {checkout.isLoading ? t('membership.buying') : t('membership.buy')}
      </button>
    </form>
  );
}
