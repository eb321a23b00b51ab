import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserProfile } from '../../../../schemas/accounts';
import { OtpType } from '../../../../schemas/codes';
import { TextField } from '../../../components/text-field';
import { button } from '../../../components/ui.css';
import {
  collectErrors,
  isValid,
  passwordRequiredRule,
  pinConfirmRule,
  pinRule,
  type FormErrors,
} from '../../../lib/account-rules';
import { focusFirstError } from '../../../lib/focus-first-error';
import { keyText, replyOf, replyText } from '../../../lib/reply';
import { showToast } from '../../../lib/toast/toast-store';
import { useRequestCodeMutation, useSetPinMutation, useViewPinMutation } from '../api';
import * as css from '../account.css';
import { CodeConfirm } from './code-confirm';
import { Section, useReplyFeedback } from './section';

type Field = 'pin' | 'confirm' | 'password';
const digits = (value: string) => value.replace(/\D/g, '').slice(0, 4);

/** PIN setup (POST /Users/setPinCode, with the password) and view (a code of purpose 7, then ViewPinCode). */
export function PinSection({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<Field, string>>({ pin: '', confirm: '', password: '' });
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const [setPin, { isLoading }] = useSetPinMutation();
  const feedback = useReplyFeedback();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = collectErrors<Field>({
      pin: pinRule(values.pin),
      confirm: pinConfirmRule(values.pin, values.confirm),
      password: passwordRequiredRule(values.password),
    });
    setErrors(found);
    if (!isValid(found)) return focusFirstError(event.currentTarget);
    const reply = replyOf(
      await setPin({ pinCode: values.pin, confirmPinCode: values.confirm, password: values.password }),
    );
    if (reply?.codeMessageRespond === 'PasswordConfirmFail')
      return setErrors({ password: 'PasswordConfirmFail' });
    if (feedback(reply, 'profile.pinSaved')) setValues({ pin: '', confirm: '', password: '' });
  };

  const pinField = (name: 'pin' | 'confirm', labelKey: string) => (
    <TextField
      label={t(labelKey)}
      type="password"
      inputMode="numeric"
      autoComplete="off"
      maxLength={4}
      value={values[name]}
      error={keyText(t, errors[name])}
      onChange={(event) => setValues((old) => ({ ...old, [name]: digits(event.target.value) }))}
    />
  );

  return (
    <Section title={t('profile.pinTitle')}>
      <form noValidate onSubmit={onSubmit} className={css.narrowForm}>
        <p>{t(profile.hasPinCode ? 'profile.pinIsSet' : 'profile.pinNotSet')}</p>
        {pinField('pin', 'profile.pin')}
        {pinField('confirm', 'profile.pinConfirm')}
        <TextField
          label={t('auth.password')}
          type="password"
          autoComplete="current-password"
          value={values.password}
          error={keyText(t, errors.password)}
          onChange={(event) => setValues((old) => ({ ...old, password: event.target.value }))}
        />
        <button type="submit" className={button.primary} disabled={isLoading}>
          {t('profile.savePin')}
        </button>
      </form>
      {profile.hasPinCode && <ViewPin profile={profile} />}
    </Section>
  );
}

/** Viewing the PIN needs a fresh code sent to the user's own email (else phone). */
function ViewPin({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const [stage, setStage] = useState<'idle' | 'code' | 'shown'>('idle');
  const [pin, setPin] = useState('');
  const [requestCode, { isLoading }] = useRequestCodeMutation();
  const [viewPin] = useViewPinMutation();

  const ask = async () => {
    const username = profile.email || profile.mobileNumber || '';
    const reply = replyOf(await requestCode({ username, otpType: OtpType.ViewPin }));
    if (!reply?.isSuccess) return showToast(replyText(t, reply), 'error');
    showToast(t(profile.email ? 'otp_sent_to_email' : 'otp_sent_to_mob'), 'success');
    setStage('code');
  };

  if (stage === 'code')
    return (
      <CodeConfirm
        intro={t(profile.email ? 'otp_sent_to_email' : 'check_mob_otp')}
        submitLabel={t('profile.viewPin')}
        onCancel={() => setStage('idle')}
        onSubmit={async (otp) => {
          const reply = replyOf(await viewPin({ otp }));
          if (!reply?.isSuccess || !reply.data)
            return reply?.errors?.[0] ?? reply?.codeMessageRespond ?? 'enter_valid_OTP';
          setPin(reply.data.pinCode);
          setStage('shown');
          return null;
        }}
      />
    );

  return (
    <div className={css.actions}>
      <button type="button" className={button.secondary} onClick={ask} disabled={isLoading}>
        {t('profile.viewPin')}
      </button>
      {stage === 'shown' && (
        <p role="status">
          {t('profile.yourPin')} <strong className={css.secret}>{pin}</strong>
        </p>
      )}
    </div>
  );
}
