import { button, visuallyHidden } from '../../../components/ui.css';
import { useNamespace } from '../../../lib/i18n/namespace';
import type { InsuranceProfile } from '../api';
import { insuranceNs } from '../i18n/namespace';
import * as css from '../insurance.css';
import { PrivateImage } from './private-image';

/** The user's insurance profiles, each with its card numbers and photos, to edit or delete. */
export function ProfileList({
  profiles,
  onEdit,
  onDelete,
}: {
  profiles: InsuranceProfile[];
  onEdit: (profile: InsuranceProfile) => void;
  onDelete: (profile: InsuranceProfile) => void;
}) {
  const { t } = useNamespace(insuranceNs);
  const fact = (termKey: string, value: string | null) => (
    <div>
      <dt className={css.term}>{t(termKey)}</dt>
      <dd className={css.value}>{value || t('notSet')}</dd>
    </div>
  );
  return (
    <ul className={css.list}>
      {profiles.map((p) => (
        <li key={p.insuranceProfileId} className={css.item}>
          <h3 className={css.itemTitle}>{p.insuredName}</h3>
          <dl className={css.facts}>
            {fact('fields.insuranceCompanyId', p.insuranceCompanyName)}
            {fact('profile.healthCardNumber', p.healthCardNumber)}
            {fact('profile.socialCardNumber', p.socialCardNumber)}
            {fact('profile.contractNumber', p.contractNumber)}
          </dl>
          {p.healthCardPhotoUrl && (
            <PrivateImage
              url={p.healthCardPhotoUrl}
              alt={`${t('profile.healthCardPhoto')}: ${p.insuredName}`}
            />
          )}
          {p.socialCardPhotoUrl && (
            <PrivateImage
              url={p.socialCardPhotoUrl}
              alt={`${t('profile.socialCardPhoto')}: ${p.insuredName}`}
            />
          )}
          <div className={css.actions}>
            <button type="button" className={button.ghost} onClick={() => onEdit(p)}>
              {t('edit')}
              <span className={visuallyHidden}>: {p.insuredName}</span>
            </button>
            <button type="button" className={button.ghost} onClick={() => onDelete(p)}>
              {t('delete')}
              <span className={visuallyHidden}>: {p.insuredName}</span>
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
