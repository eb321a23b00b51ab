import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOpenLogin } from '../../../app/layout/open-login-context';
import { QueryState } from '../../../components/query-state';
import { button, card, input, label, page } from '../../../components/ui.css';
import { useStoredUser } from '../../../lib/use-stored-user';
import { isSignedIn } from '../../../lib/user-storage';
import { usePageMeta } from '../../../tenant/use-page-meta';
import { useReferralUrlQuery } from '../api';

/** Refer and earn: how the program works; a signed-in user sees and copies their own link. */
export function Component() {
  const { t } = useTranslation();
  const linkId = useId();
  const user = useStoredUser();
  const signedIn = isSignedIn(user);
  const openLogin = useOpenLogin();
  const { data, isLoading, isError, refetch } = useReferralUrlQuery(undefined, { skip: !signedIn });
  const [copied, setCopied] = useState(false);
  usePageMeta(t('referral.title'), t('referral.description'));
  return (
    <div className={page}>
      <h1>{t('referral.title')}</h1>
      <ol>
        <li>{t('referral.step1')}</li>
        <li>{t('referral.step2')}</li>
        <li>{t('referral.step3')}</li>
      </ol>
      <section className={card} aria-labelledby="referral-link">
        <h2 id="referral-link">{t('referral.yourLink')}</h2>
        {signedIn ? (
          <QueryState isLoading={isLoading} isError={isError} isEmpty={!data} onRetry={refetch} skeletons={1}>
            {data && (
              <>
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
                  onClick={() =>
                    void navigator.clipboard?.writeText(data.referralUrl).then(() => setCopied(true))
                  }
                >
                  {copied ? t('offer.copied') : t('referral.copy')}
                </button>
              </>
            )}
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
