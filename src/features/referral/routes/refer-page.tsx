import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOpenLogin } from '../../../app/layout/open-login-context';
import { QueryState } from '../../../components/query-state';
import { button, card, input, label, page, visuallyHidden } from '../../../components/ui.css';
import { formatVnd } from '../../../lib/i18n/format-money';
import { useStoredUser } from '../../../lib/use-stored-user';
import { isSignedIn } from '../../../lib/user-storage';
import { useFeature } from '../../../tenant/tenant-context';
import { usePageMeta } from '../../../tenant/use-page-meta';
import { useReferralSummaryQuery, type ReferralSummary } from '../api';

/** The signed-in user's code, link (with a copy button), invited count and rewards. */
function YourReferral({ data }: { data: ReferralSummary }) {
  const { t, i18n } = useTranslation();
  const linkId = useId();
  const [copied, setCopied] = useState(false);
  const vnd = (amount: number) => formatVnd(amount, i18n.language);
  return (
    <>
      <p>
        {t('referral.yourCode')} <strong data-testid="referral-code">{data.referralCode}</strong>
      </p>
      <label className={label} htmlFor={linkId}>
        {t('referral.linkLabel')}
      </label>
      <input
        id={linkId}
        className={input}
        readOnly
        value={data.referralUrl}
        onFocus={(e) => e.target.select()}
      />
      <button
        type="button"
        className={button.primary}
        onClick={() => void navigator.clipboard?.writeText(data.referralUrl).then(() => setCopied(true))}
      >
        {copied ? t('offer.copied') : t('referral.copy')}
      </button>
      <p role="status" className={visuallyHidden} aria-live="polite">
        {copied ? t('offer.copied') : ''}
      </p>
      <dl>
        <dt>{t('referral.invited')}</dt>
        <dd data-testid="referral-invited">{data.invitedCount}</dd>
        <dt>{t('referral.rewarded')}</dt>
        <dd>{data.rewardedCount}</dd>
        {data.walletReward && (
          <>
            <dt>{t('referral.earned')}</dt>
            <dd data-testid="referral-earned">{vnd(data.rewardsEarned)}</dd>
          </>
        )}
      </dl>
      {data.walletReward && (
        <p>{t('referral.amounts', { inviter: vnd(data.inviterReward), invitee: vnd(data.inviteeReward) })}</p>
      )}
    </>
  );
}

/**
 * Refer and earn (spec sections 1, 2): how the program works; a signed-in user sees their code,
 * their link to copy, how many people they invited and what they earned. A portal without the
 * wallet feature pays no wallet reward and says so.
 */
export function Component() {
  const { t } = useTranslation();
  const user = useStoredUser();
  const signedIn = isSignedIn(user);
  const walletOn = useFeature('wallet');
  const openLogin = useOpenLogin();
  const { data, isLoading, isError, refetch } = useReferralSummaryQuery(undefined, { skip: !signedIn });
  usePageMeta(t('referral.title'), t('referral.description'));
  return (
    <div className={page}>
      <h1>{t('referral.title')}</h1>
      <ol>
        <li>{t('referral.step1')}</li>
        <li>{t('referral.step2')}</li>
        <li>{walletOn ? t('referral.step3') : t('referral.noWalletReward')}</li>
      </ol>
      <section className={card} aria-labelledby="referral-link">
        <h2 id="referral-link">{t('referral.yourLink')}</h2>
        {signedIn ? (
          <QueryState isLoading={isLoading} isError={isError} isEmpty={!data} onRetry={refetch} skeletons={1}>
            {data && <YourReferral data={data} />}
          </QueryState>
        ) : (
          <>
            <p>{t('referral.signInFirst')}</p>
            <button type="button" className={button.primary} onClick={() => openLogin()}>
              {t('header.signIn')}
            </button>
          </>
        )}
      </section>
    </div>
  );
}
