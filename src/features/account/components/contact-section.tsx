import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserProfile } from '../../../../schemas/accounts';
import { OtpType } from '../../../../schemas/codes';
import { CountrySelect, useCountryChoice } from '../../../components/country-select';
import { TextField } from '../../../components/text-field';
import { button } from '../../../components/ui.css';
import { emailRule, mobileRule, typedName } from '../../../lib/account-rules';
import { focusFirstError } from '../../../lib/focus-first-error';
import { keyText, replyOf, replyText } from '../../../lib/reply';
import { showToast } from '../../../lib/toast/toast-store';
import { mergeUser } from '../../../lib/user-storage';
import { useChangeEmailMutation, useChangeMobileMutation, useRequestCodeMutation } from '../api';
import * as css from '../account.css';
import { CodeConfirm } from './code-confirm';
import { Section } from './section';

/** Change phone and change email: each new address is confirmed by a code sent to it. */
export function ContactSection({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  return (
    <Section title={t('profile.contactTitle')}>
      <ChangePhone profile={profile} />
      <ChangeEmail profile={profile} />
    </Section>
  );
}

function ChangePhone({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const [mobile, setMobile] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const { countries, countryId, setCountryId } = useCountryChoice();
  const [requestCode, { isLoading }] = useRequestCodeMutation();
  const [change] = useChangeMobileMutation();
  const current = [profile.phoneCode, profile.mobileNumber].filter(Boolean).join(' ');

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = mobileRule(mobile);
    setError(found);
    if (found) return focusFirstError(event.currentTarget);
    const reply = replyOf(
      await requestCode({ username: typedName(mobile), countryId, otpType: OtpType.ChangeMobileNumber }),
    );
    if (!reply?.isSuccess) return setError(reply?.codeMessageRespond ?? 'something_went_wrong');
    showToast(t('otp_sent_to_mob'), 'success');
    setSent(true);
  };

  if (sent)
    return (
      <CodeConfirm
        intro={t('check_mob_otp')}
        submitLabel={t('profile.changePhone')}
        onCancel={() => setSent(false)}
        onSubmit={async (otp) => {
          const reply = replyOf(await change({ countryId, mobileNumber: typedName(mobile), otp }));
          if (!reply?.isSuccess)
            return reply?.errors?.[0] ?? reply?.codeMessageRespond ?? 'something_went_wrong';
          mergeUser({
            phoneCode: reply.data?.phoneCode ?? null,
            mobileNumber: reply.data?.mobileNumber ?? typedName(mobile),
          });
          showToast(t('profile.phoneChanged'), 'success');
          setSent(false);
          setMobile('');
          return null;
        }}
      />
    );

  return (
    <form noValidate onSubmit={onSubmit} className={css.narrowForm}>
      <h3>{t('profile.changePhone')}</h3>
      <p>{t('profile.currentValue', { value: current || t('account.notSet') })}</p>
      <CountrySelect countries={countries} countryId={countryId} onChange={setCountryId} />
      <TextField
        label={t('profile.newPhone')}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        value={mobile}
        error={error && (keyText(t, error) ?? error)}
        onChange={(event) => setMobile(event.target.value)}
      />
      <button type="submit" className={button.secondary} disabled={isLoading}>
        {t('auth.sendCode')}
      </button>
    </form>
  );
}

function ChangeEmail({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [requestCode, { isLoading }] = useRequestCodeMutation();
  const [change] = useChangeEmailMutation();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = emailRule(email);
    setError(found);
    if (found) return focusFirstError(event.currentTarget);
    const reply = replyOf(await requestCode({ username: email.trim(), otpType: OtpType.ChangeEmail }));
    if (!reply?.isSuccess) return showToast(replyText(t, reply), 'error');
    showToast(t('otp_sent_to_email'), 'success');
    setSent(true);
  };

  if (sent)
    return (
      <CodeConfirm
        intro={t('otp_sent_to_email')}
        submitLabel={t('profile.changeEmail')}
        onCancel={() => setSent(false)}
        onSubmit={async (otp) => {
          const reply = replyOf(await change({ email: email.trim(), otp }));
          if (!reply?.isSuccess)
            return reply?.errors?.[0] ?? reply?.codeMessageRespond ?? 'something_went_wrong';
          mergeUser({ email: reply.data?.email ?? email.trim() });
          showToast(t('profile.emailChanged'), 'success');
          setSent(false);
          setEmail('');
          return null;
        }}
      />
    );

  return (
    <form noValidate onSubmit={onSubmit} className={css.narrowForm}>
      <h3>{t('profile.changeEmail')}</h3>
      <p>{t('profile.currentValue', { value: profile.email || t('account.notSet') })}</p>
      <TextField
        label={t('profile.newEmail')}
        type="email"
        autoComplete="email"
        value={email}
        error={keyText(t, error)}
        onChange={(event) => setEmail(event.target.value)}
      />
      <button type="submit" className={button.secondary} disabled={isLoading}>
        {t('auth.sendCode')}
      </button>
    </form>
  );
}
