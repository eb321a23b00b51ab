import { useId, useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { button, card } from '../../../components/ui.css';
import { useNamespace } from '../../../lib/i18n/namespace';
import { replyOf } from '../../../lib/reply';
import { formatZonedDateTime } from '../../../../schemas/time';
import { showToast } from '../../../lib/toast/toast-store';
import { useHealthDataConsentQuery, useWithdrawHealthDataConsentMutation } from '../api';
import { personalDataNs } from '../i18n/namespace';
import * as css from '../personal-data.css';
import { ConsentGate } from './consent-gate';

/** The standing consent (version, when) and its withdrawal, confirmed in a dialog. */
function StandingConsent({ timeZone }: { timeZone: string }) {
  const { t, i18n } = useNamespace(personalDataNs);
  const consent = useHealthDataConsentQuery(i18n.language);
  const [withdraw, withdrawing] = useWithdrawHealthDataConsentMutation();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const data = consent.data;
  if (!data?.consented || !data.givenAt) return null;

  const confirm = async () => {
    const reply = replyOf(await withdraw());
    if (reply?.isSuccess) {
      setConfirming(false);
      showToast(t('status.withdrawn'), 'success');
    } else setError(t('consent.failed'));
  };

  return (
    <div className={css.stack}>
      <p>{t('status.given', { version: data.version, when: formatZonedDateTime(data.givenAt, timeZone) })}</p>
      <details>
        <summary>{t('status.viewText')}</summary>
        <div
          className={css.consentText}
          lang={data.language}
          tabIndex={0}
          role="region"
          aria-label={t('consent.textLabel')}
        >
          {data.text}
        </div>
      </details>
      <div className={css.actions}>
        <button type="button" className={button.secondary} onClick={() => setConfirming(true)}>
          {t('status.withdraw')}
        </button>
      </div>
      <Dialog open={confirming} title={t('status.withdrawTitle')} onClose={() => setConfirming(false)}>
        <p>{t('status.withdrawText')}</p>
        {error && (
          <p role="alert" className={css.error}>
            {error}
          </p>
        )}
        <div className={css.actions}>
          <button
            type="button"
            className={button.primary}
            onClick={() => void confirm()}
            disabled={withdrawing.isLoading}
          >
            {t('status.withdrawConfirm')}
          </button>
          <button type="button" className={button.ghost} onClick={() => setConfirming(false)}>
            {t('status.cancel')}
          </button>
        </div>
      </Dialog>
    </div>
  );
}

/**
 * The privacy page's consent block: the standing consent with "Withdraw", or, when there is
 * none (never given, withdrawn, or a new version of the text), the consent text with "I agree"
 * (ConsentGate).
 */
export function ConsentStatus({ timeZone }: { timeZone: string }) {
  const { t } = useNamespace(personalDataNs);
  const headingId = useId();
  return (
    <ConsentGate>
      <section className={`${card} ${css.stack}`} aria-labelledby={headingId}>
        <h2 id={headingId}>{t('status.title')}</h2>
        <StandingConsent timeZone={timeZone} />
      </section>
    </ConsentGate>
  );
}
