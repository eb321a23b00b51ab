import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserProfile } from '../../../../schemas/accounts';
import { TextField } from '../../../components/text-field';
import { button, field, input, label } from '../../../components/ui.css';
import { fullNameRule } from '../../../lib/account-rules';
import { focusFirstError } from '../../../lib/focus-first-error';
import { keyText, replyOf } from '../../../lib/reply';
import { mergeUser } from '../../../lib/user-storage';
import { useUpdateUserMutation } from '../api';
import * as css from '../account.css';
import { Section, useReplyFeedback } from './section';

/** The profile form's id: the "complete your profile" card links to it. */
export const PROFILE_FORM_ID = 'profile-details';

/** Name, gender and date of birth (POST /Users/UpdateUser); the header's name follows. */
export function ProfileSection({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const [fullName, setFullName] = useState(profile.fullName);
  const [gender, setGender] = useState(profile.gender ?? '');
  const [dateOfBirth, setDateOfBirth] = useState(profile.dateOfBirth ?? '');
  const [error, setError] = useState<string | null>(null);
  const [update, { isLoading }] = useUpdateUserMutation();
  const feedback = useReplyFeedback();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = fullNameRule(fullName);
    setError(found);
    if (found) return focusFirstError(event.currentTarget);
    const reply = replyOf(
      await update({
        fullName: fullName.trim(),
        gender: gender === 'M' || gender === 'F' ? gender : null,
        dateOfBirth: dateOfBirth || null,
      }),
    );
    if (feedback(reply, 'profile.saved')) mergeUser({ fullName: fullName.trim() });
  };

  return (
    <Section title={t('profile.profileTitle')}>
      <form id={PROFILE_FORM_ID} noValidate onSubmit={onSubmit} className={css.narrowForm}>
        <TextField
          label={t('profile.fullName')}
          autoComplete="name"
          value={fullName}
          error={keyText(t, error)}
          onChange={(event) => setFullName(event.target.value)}
        />
        <div className={field}>
          <label className={label} htmlFor="profile-gender">
            {t('profile.gender')}
          </label>
          <select
            id="profile-gender"
            className={input}
            value={gender}
            onChange={(e) => setGender(e.target.value)}
          >
            <option value="">{t('profile.genderUnset')}</option>
            <option value="M">{t('profile.male')}</option>
            <option value="F">{t('profile.female')}</option>
          </select>
        </div>
        <TextField
          label={t('profile.dateOfBirth')}
          type="date"
          autoComplete="bday"
          value={dateOfBirth}
          onChange={(event) => setDateOfBirth(event.target.value)}
        />
        <button type="submit" className={button.primary} disabled={isLoading}>
          {t('profile.save')}
        </button>
      </form>
    </Section>
  );
}
