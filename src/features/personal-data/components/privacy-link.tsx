import { useId } from 'react';
import { Link } from 'react-router-dom';
import { card, muted } from '../../../components/ui.css';
import { useNamespace } from '../../../lib/i18n/namespace';
import { PRIVACY_PATH } from '../api';
import { personalDataNs } from '../i18n/namespace';
import * as css from '../personal-data.css';

/** A small section of the profile settings page leading to /me/privacy. */
export function PrivacyLink() {
  const { t, ready } = useNamespace(personalDataNs);
  const headingId = useId();
  if (!ready) return null;
  return (
    <section className={`${card} ${css.linkCard}`} aria-labelledby={headingId}>
      <h2 id={headingId} className={css.linkTitle}>
        {t('link.title')}
      </h2>
      <p className={muted}>{t('link.text')}</p>
      <p>
        <Link to={PRIVACY_PATH}>{t('link.open')}</Link>
      </p>
    </section>
  );
}
