import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserProfile } from '../../../../schemas/accounts';
import type { PERSONAL_INFO_FIELDS } from '../../../../schemas/patient-rules';
import { missingPersonalInfo } from '../../../../schemas/patient-rules';
import { card } from '../../../components/ui.css';
import * as css from '../account.css';
import { PROFILE_FORM_ID } from './profile-section';

const LABEL_KEYS: Record<(typeof PERSONAL_INFO_FIELDS)[number]['key'], string> = {
  valid_full_name: 'profile.fullName',
  select_gender: 'profile.gender',
  select_date_of_birth: 'profile.dateOfBirth',
};

/**
 * Invites a patient whose profile lacks what booking needs (full name, gender, date of birth:
 * schemas/patient-rules.ts, the same rule the booking's patient step applies) to complete it;
 * a new account lands here after sign-up. Gone once the profile is complete.
 */
export function CompleteProfileNotice({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const headingId = useId();
  const missing = missingPersonalInfo(profile);
  if (missing.length === 0) return null;
  const fields = missing.map((key) => t(LABEL_KEYS[key as keyof typeof LABEL_KEYS] ?? key)).join(', ');
  const focusForm = () => {
    // The first field of the profile form, after the browser has scrolled to it.
    requestAnimationFrame(() => document.getElementById(PROFILE_FORM_ID)?.querySelector('input')?.focus());
  };
  return (
    <section className={`${card} ${css.section} ${css.notice}`} aria-labelledby={headingId}>
      <h2 id={headingId} className={css.sectionTitle}>
        {t('profile.completeTitle')}
      </h2>
      <p>{t('profile.completeText', { fields })}</p>
      <a href={`#${PROFILE_FORM_ID}`} onClick={focusForm}>
        {t('profile.completeAction')}
      </a>
    </section>
  );
}
