import { button, visuallyHidden } from '../../../components/ui.css';
import { useNamespace } from '../../../lib/i18n/namespace';
import { formatLocalDate, formatZonedDate } from '../../../../schemas/time';
import type { InsuranceClaim } from '../api';
import { insuranceNs } from '../i18n/namespace';
import * as css from '../insurance.css';

/** VND with the page language's grouping ("3.500.000 ₫"). */
export const vnd = (amount: number, language: string) =>
  new Intl.NumberFormat(language === 'en' ? 'en-US' : 'vi-VN', { style: 'currency', currency: 'VND' }).format(
    amount,
  );

/** The user's claims with each one's status (text, not colour) and a way to open one. */
export function ClaimList({
  claims,
  timeZone,
  onOpen,
}: {
  claims: InsuranceClaim[];
  timeZone: string;
  onOpen: (claim: InsuranceClaim) => void;
}) {
  const { t, i18n } = useNamespace(insuranceNs);
  return (
    <ul className={css.list}>
      {claims.map((c) => (
        <li key={c.insuranceClaimId} className={css.item}>
          <div className={css.header}>
            <h3 className={css.itemTitle}>
              {t('claims.number', { id: c.insuranceClaimId })} · {c.insuredName}
            </h3>
            <span className={css.status}>{t(`status.${c.status}`)}</span>
          </div>
          <dl className={css.facts}>
            <div>
              <dt className={css.term}>{t('fields.insuranceCompanyId')}</dt>
              <dd className={css.value}>{c.insuranceCompanyName}</dd>
            </div>
            <div>
              <dt className={css.term}>{t('fields.eventDate')}</dt>
              <dd className={css.value}>{formatLocalDate(c.eventDate)}</dd>
            </div>
            <div>
              <dt className={css.term}>{t('fields.claimAmount')}</dt>
              <dd className={css.value}>{vnd(c.claimAmount, i18n.language)}</dd>
            </div>
            <div>
              <dt className={css.term}>{t('claims.filedOn')}</dt>
              <dd className={css.value}>{formatZonedDate(c.createdAt, timeZone)}</dd>
            </div>
          </dl>
          {c.statusNote && <p className={css.value}>{c.statusNote}</p>}
          <button type="button" className={button.ghost} onClick={() => onOpen(c)}>
            {t('claims.view')}
            <span className={visuallyHidden}>: {t('claims.number', { id: c.insuranceClaimId })}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
