import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { TextField } from '../../../components/text-field';
import { button, fieldError, fullWidth } from '../../../components/ui.css';
import { paths } from '../../../../schemas/paths';
import {
  collectErrors,
  confirmPasswordRule,
  emailOrPhoneRule,
  isPhoneName,
  isValid,
  strongPasswordRule,
  type FormErrors,
  typedName,
} from '../../../lib/account-rules';
import { focusFirstError } from '../../../lib/focus-first-error';
import { keyText, replyOf, replyText } from '../../../lib/reply';
import { showToast } from '../../../lib/toast/toast-store';
import { useCreateUserMutation, useResendCreateUserMutation, useVerifyCreateUserMutation } from '../api';
import * as css from '../auth.css';
import { useApplyLoginReply, type FlowHandlers } from '../use-apply-login-reply';
import { CodeStep } from './code-step';
import { CountrySelect, useCountryChoice } from '../../../components/country-select';
import { NewPasswordFields } from './new-password-fields';

type Field = 'emailPhone' | 'password' | 'confirm' | 'terms';

/**
 * Create account (POST /Users/CreateUserWithOTP), then the code step (VerifyCreateUserWithOTP,
 * resend after 60 s with ResendCreateUserWithOTP). A referral link (?invitedby=) fills referralId.
 */
export function RegisterForm({
  flow,
  referralId,
}: {
  flow: FlowHandlers;
  referralId?: number | string | undefined;
}) {
  const { t } = useTranslation();
  const [emailPhone, setEmailPhone] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const [userId, setUserId] = useState<number | string | null>(null);
  const phone = isPhoneName(emailPhone);
  const { countries, countryId, setCountryId } = useCountryChoice(phone);
  const [create, { isLoading }] = useCreateUserMutation();
  const [verify] = useVerifyCreateUserMutation();
  const [resend] = useResendCreateUserMutation();
  // A new account goes on to complete its profile (the dialog's owner decides where).
  const applyLogin = useApplyLoginReply({ ...flow, signedIn: () => flow.signedIn({ newAccount: true }) });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = collectErrors<Field>({
      emailPhone: emailOrPhoneRule(emailPhone, 'valid_email_phone'),
      password: strongPasswordRule(password),
      confirm: confirmPasswordRule(password, confirm),
      terms: terms ? null : 'read_agree_terms',
    });
    setErrors(found);
    if (!isValid(found)) return focusFirstError(event.currentTarget);
    const reply = replyOf(
      await create({
        emailPhone: typedName(emailPhone),
        password,
        passwordConfirm: confirm,
        ...(phone ? { countryId } : {}),
        ...(referralId ? { referralId } : {}),
      }),
    );
    const newId = reply?.data?.userId;
    if (!reply?.isSuccess || !newId) {
      const field = reply?.errors?.find((key) => key !== 'invalid_request');
      if (field && /pass/.test(field)) setErrors({ password: field });
      showToast(replyText(t, reply), 'error');
      return;
    }
    showToast(t(phone ? 'otp_sent_to_mob' : 'otp_sent_to_email'), 'success');
    setUserId(newId);
  };

  if (userId !== null)
    return (
      <CodeStep
        intro={t(phone ? 'check_mob_otp' : 'otp_sent_to_email')}
        emptyKey="plz_enter_OTP"
        onSubmit={async (otp) => {
          const reply = replyOf(await verify({ otp, userId }));
          if (!reply?.isSuccess) return reply?.errors?.[0] ?? 'enter_valid_OTP';
          showToast(t('user_create_success'), 'success');
          const name = { userName: typedName(emailPhone), ...(phone ? { countryId } : {}) };
          // The verified account is signed in at once when the reply carries a session.
          if (reply.data?.token) return applyLogin(reply, name);
          flow.go({ name: 'login' });
          return null;
        }}
        onResend={async () => {
          const reply = replyOf(await resend({ emailPhone: typedName(emailPhone), userId }));
          showToast(
            reply?.isSuccess ? t('otp_send_msg') : replyText(t, reply),
            reply?.isSuccess ? 'success' : 'error',
          );
          return !!reply?.isSuccess;
        }}
      />
    );

  return (
    <form noValidate onSubmit={onSubmit}>
      <TextField
        label={t('auth.emailPhone')}
        type="text"
        inputMode="email"
        autoComplete="username"
        value={emailPhone}
        error={keyText(t, errors.emailPhone)}
        onChange={(event) => setEmailPhone(event.target.value)}
      />
      {phone && <CountrySelect countries={countries} countryId={countryId} onChange={setCountryId} />}
      <NewPasswordFields
        wording="account"
        password={password}
        confirm={confirm}
        onPassword={setPassword}
        onConfirm={setConfirm}
        errors={errors}
      />
      <div className={css.checkboxRow}>
        <input
          id="register-terms"
          type="checkbox"
          checked={terms}
          aria-invalid={errors.terms ? true : undefined}
          aria-describedby={errors.terms ? 'register-terms-error' : undefined}
          onChange={(event) => setTerms(event.target.checked)}
        />
        <label htmlFor="register-terms">
          {t('auth.acceptTerms')}{' '}
          <Link to={paths.terms} target="_blank" rel="noopener">
            {t('auth.termsLink')}
          </Link>
        </label>
      </div>
      {errors.terms && (
        <p id="register-terms-error" className={fieldError}>
          {t(errors.terms)}
        </p>
      )}
      <button type="submit" className={`${button.primary} ${fullWidth} ${css.submit}`} disabled={isLoading}>
        {t('auth.createAccount')}
      </button>
      <div className={css.linkRow}>
        <button type="button" className={css.linkButton} onClick={() => flow.go({ name: 'login' })}>
          {t('auth.haveAccount')}
        </button>
      </div>
    </form>
  );
}
