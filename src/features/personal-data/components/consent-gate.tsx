import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { QueryState } from '../../../components/query-state';
import { button, card, muted } from '../../../components/ui.css';
import { paths } from '../../../../schemas/paths';
import { useNamespace } from '../../../lib/i18n/namespace';
import { replyOf } from '../../../lib/reply';
import { useStoredUser } from '../../../lib/use-stored-user';
import { useGiveHealthDataConsentMutation, useHealthDataConsentQuery } from '../api';
import { personalDataNs } from '../i18n/namespace';
import * as css from '../personal-data.css';

/**
 * Wraps every form that creates health data (a health record, a claim, an insurance profile, a
 * fee guarantee request): shows the children when the signed-in user has consented to the
 * tenant's current health-data consent version, else the consent text (in the UI language) with
 * "I agree" and a link to the privacy policy; after agreeing, the children. The server enforces
 * the same rule (403 consent_required); this gate only asks first.
 */
export function ConsentGate({ children }: { children: ReactNode }) {
  const user = useStoredUser();
  const { t, i18n, ready } = useNamespace(personalDataNs);
  const consent = useHealthDataConsentQuery(i18n.language, { skip: !user });
  const [give, giving] = useGiveHealthDataConsentMutation();
  const [error, setError] = useState<string | null>(null);
  // The version agreed here: the children show at once, before the consent query refetches.
  const [agreed, setAgreed] = useState<string | null>(null);
  const headingId = useId();
  const textId = useId();

  // Signed out: the page's own guard sends the visitor to sign in; nothing to ask here.
  if (!user || consent.data?.consented || (agreed && agreed === consent.data?.version))
    return <>{children}</>;
  if (!ready || consent.isLoading || consent.isError || !consent.data)
    return (
      <QueryState
        isLoading={!ready || consent.isLoading}
        isError={consent.isError}
        isEmpty={false}
        onRetry={consent.refetch}
        skeletons={1}
      >
        {null}
      </QueryState>
    );

  const agree = async () => {
    setError(null);
    const version = consent.data!.version;
    const reply = replyOf(await give({ version }));
    if (reply?.isSuccess) return setAgreed(version);
    if (reply?.errors?.[0] === 'consent_version_changed') {
      setError(t('consent.versionChanged'));
      void consent.refetch();
    } else setError(t('consent.failed'));
  };

  return (
    <section className={`${card} ${css.stack}`} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('consent.title')}</h2>
      <p className={muted}>{t('consent.intro')}</p>
      <div
        id={textId}
        role="region"
        aria-label={t('consent.textLabel')}
        className={css.consentText}
        tabIndex={0}
        lang={consent.data.language}
      >
        {consent.data.text}
      </div>
      {error && (
        <p role="alert" className={css.error}>
          {error}
        </p>
      )}
      <div className={css.actions}>
        <button
          type="button"
          className={button.primary}
          onClick={() => void agree()}
          disabled={giving.isLoading}
          aria-describedby={textId}
        >
          {giving.isLoading ? t('consent.agreeing') : t('consent.agree')}
        </button>
        <Link to={paths.privacy} target="_blank" rel="noopener">
          {t('consent.privacyLink')}
        </Link>
      </div>
    </section>
  );
}
