import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OtpType } from '../../../../schemas/codes';
import { TextField } from '../../../components/text-field';
import { button, fullWidth } from '../../../components/ui.css';
import {
  collectErrors,
  emailOrPhoneRule,
  isPhoneName,
  isValid,
  newConfirmRule,
  newPasswordRule,
  type FormErrors,
  typedName,
} from '../../../lib/account-rules';
import { focusFirstError } from '../../../lib/focus-first-error';
import { keyText, replyOf, replyText } from '../../../lib/reply';
import { showToast } from '../../../lib/toast/toast-store';
import { useChangePasswordMutation, useRequestOtpMutation, useVerifyOtpMutation } from '../api';
import * as css from '../auth.css';
import type { FlowHandlers } from '../use-apply-login-reply';
import { CodeStep } from './code-step';
import { CountrySelect, useCountryChoice } from '../../../components/country-select';
import { NewPasswordFields } from './new-password-fields';

/** The three steps of spec section 4. */
export type ForgotStep = 'forgot' | 'verification' | 'password';
type Field = 'userName' | 'password' | 'confirm';

/**
 * Forgot password: 'forgot' (email or phone, RequestOTP otpType 1), 'verification' (VerifyOTP),
 * 'password' (ChangePassword with the code), then the pass_changed toast and back to login.
 * This also unlocks an account locked after failed attempts.
 */
export function ForgotPasswordForm({ flow }: { flow: FlowHandlers }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<ForgotStep>('forgot');
  const [userName, setUserName] = useState('');
  const [otp, setOtp] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const phone = isPhoneName(userName);
  const { countries, countryId, setCountryId } = useCountryChoice(phone);
  const [requestOtp, { isLoading: requesting }] = useRequestOtpMutation();
  const [verifyOtp] = useVerifyOtpMutation();
  const [changePassword, { isLoading: saving }] = useChangePasswordMutation();
  const name = { username: typedName(userName), ...(phone ? { countryId } : {}) };

  const request = async (): Promise<boolean> => {
    const reply = replyOf(await requestOtp({ ...name, otpType: OtpType.ForgotPassword }));
    if (!reply?.isSuccess) {
      const noAccount = reply?.codeMessageRespond === 'NotFoundActiveAccount';
      showToast(noAccount ? t('forget_account_no_active') : replyText(t, reply), 'error');
      return false;
    }
    showToast(t(phone ? 'otp_sent_to_mob' : 'otp_sent_to_email'), 'success');
    return true;
  };

  const submitName = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = collectErrors<Field>({ userName: emailOrPhoneRule(userName) });
    setErrors(found);
    if (!isValid(found)) return focusFirstError(event.currentTarget);
    if (await request()) setStep('verification');
  };

  const submitPassword = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = collectErrors<Field>({
      password: newPasswordRule(password),
      confirm: newConfirmRule(password, confirm),
    });
    setErrors(found);
    if (!isValid(found)) return focusFirstError(event.currentTarget);
    const reply = replyOf(
      await changePassword({
        ...name,
        otp,
        otpType: OtpType.ForgotPassword,
        password,
        passwordConfirm: confirm,
      }),
    );
    if (!reply?.isSuccess) {
      const key = reply?.errors?.[0];
      if (key && /pass/.test(key)) setErrors({ password: key });
      else showToast(replyText(t, reply), 'error');
      if (key === 'enter_valid_OTP') setStep('verification');
      return;
    }
    showToast(t('pass_changed'), 'success');
    flow.go({ name: 'login' });
  };

  const back = (
    <div className={css.linkRow}>
      <button type="button" className={css.linkButton} onClick={() => flow.go({ name: 'login' })}>
        {t('auth.backToLogin')}
      </button>
    </div>
  );

  if (step === 'verification')
    return (
      <CodeStep
        intro={t(phone ? 'check_mob_otp' : 'otp_sent_to_email')}
        emptyKey="plz_enter_OTP"
        onSubmit={async (code) => {
          const reply = replyOf(await verifyOtp({ ...name, otp: code, otpType: OtpType.ForgotPassword }));
          if (!reply?.isSuccess) return reply?.errors?.[0] ?? 'enter_valid_OTP';
          setOtp(code);
          setStep('password');
          return null;
        }}
        onResend={request}
      />
    );

  if (step === 'password')
    return (
      <form noValidate onSubmit={submitPassword}>
        <NewPasswordFields
          wording="new"
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
          errors={errors}
        />
        <button type="submit" className={`${button.primary} ${fullWidth}`} disabled={saving}>
          {t('auth.savePassword')}
        </button>
        {back}
      </form>
    );

  return (
    <form noValidate onSubmit={submitName}>
      <TextField
        label={t('auth.userName')}
        type="text"
        inputMode="email"
        autoComplete="username"
        value={userName}
        error={keyText(t, errors.userName)}
        onChange={(event) => setUserName(event.target.value)}
      />
      {phone && <CountrySelect countries={countries} countryId={countryId} onChange={setCountryId} />}
      <button type="submit" className={`${button.primary} ${fullWidth}`} disabled={requesting}>
        {t('auth.sendCode')}
      </button>
      {back}
    </form>
  );
}
