import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/text-field';
import { button, fullWidth } from '../../../components/ui.css';
import {
  collectErrors,
  emailOrPhoneRule,
  isPhoneName,
  isValid,
  passwordRequiredRule,
  type FormErrors,
  typedName,
} from '../../../lib/account-rules';
import { replyOf } from '../../../lib/reply';
import { useLoginMutation } from '../api';
import * as css from '../auth.css';
import { useApplyLoginReply, type FlowHandlers } from '../use-apply-login-reply';
import { CountrySelect, useCountryChoice } from '../../../components/country-select';
import { focusFirstError } from '../../../lib/focus-first-error';
import { storedPushToken } from '../../push';

type Field = 'userName' | 'password';

/**
 * Phone/email and password sign-in (POST /Auth/Login). A phone number (numeric, under 11
 * characters) shows the country picker and sends its countryId. The reply drives the dialog
 * (signed in, second factor, new device, activation, new password, or a refusal).
 */
export function LoginForm({ flow, notice }: { flow: FlowHandlers; notice?: string | undefined }) {
  const { t } = useTranslation();
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const [login, { isLoading }] = useLoginMutation();
  const phone = isPhoneName(userName);
  const { countries, countryId, setCountryId, ready } = useCountryChoice(phone);
  const apply = useApplyLoginReply(flow);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = collectErrors<Field>({
      userName: emailOrPhoneRule(userName),
      password: passwordRequiredRule(password),
    });
    setErrors(found);
    if (!isValid(found)) return focusFirstError(event.currentTarget);
    // A phone number needs its country: not the fallback sent before the list has loaded.
    if (phone && !ready) return;
    const name = { userName: typedName(userName), ...(phone ? { countryId } : {}) };
    const result = await login({ ...name, password, deviceType: 0, deviceTokenWeb: storedPushToken() });
    apply(replyOf(result), name, password);
  };

  return (
    <form noValidate onSubmit={onSubmit}>
      {notice && (
        <p role="alert" className={css.notice}>
          {t(notice)}{' '}
          <button type="button" className={css.linkButton} onClick={() => flow.go({ name: 'forgot' })}>
            {t('auth.forgotLink')}
          </button>
        </p>
      )}
      <TextField
        label={t('auth.userName')}
        type="text"
        inputMode="email"
        autoComplete="username"
        required
        value={userName}
        error={errors.userName && t(errors.userName)}
        onChange={(event) => setUserName(event.target.value)}
      />
      {phone && <CountrySelect countries={countries} countryId={countryId} onChange={setCountryId} />}
      <TextField
        label={t('auth.password')}
        type="password"
        autoComplete="current-password"
        required
        value={password}
        error={errors.password && t(errors.password)}
        onChange={(event) => setPassword(event.target.value)}
      />
      <button
        type="submit"
        className={`${button.primary} ${fullWidth}`}
        disabled={isLoading || (phone && !ready)}
      >
        {isLoading ? t('auth.signingIn') : t('auth.signIn')}
      </button>
      <div className={css.linkRow}>
        <button type="button" className={css.linkButton} onClick={() => flow.go({ name: 'forgot' })}>
          {t('auth.forgotLink')}
        </button>
        <button type="button" className={css.linkButton} onClick={() => flow.go({ name: 'otp-login' })}>
          {t('auth.otpLoginLink')}
        </button>
        <button type="button" className={css.linkButton} onClick={() => flow.go({ name: 'register' })}>
          {t('auth.registerLink')}
        </button>
      </div>
    </form>
  );
}
