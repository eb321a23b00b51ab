import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OtpType } from '../../../../schemas/codes';
import { TextField } from '../../../components/text-field';
import { button, fullWidth } from '../../../components/ui.css';
import { mobileRule, typedName } from '../../../lib/account-rules';
import { focusFirstError } from '../../../lib/focus-first-error';
import { keyText, replyOf, replyText } from '../../../lib/reply';
import { showToast } from '../../../lib/toast/toast-store';
import { useLoginWithOtpMutation, useRequestOtpMutation } from '../api';
import * as css from '../auth.css';
import { useApplyLoginReply, type FlowHandlers } from '../use-apply-login-reply';
import { CodeStep } from './code-step';
import { CountrySelect, useCountryChoice } from '../../../components/country-select';
import { storedPushToken } from '../../push';

/** Login by one-time code (spec section 4): country and mobile, request a code, enter it. */
export function OtpLoginForm({ flow }: { flow: FlowHandlers }) {
  const { t } = useTranslation();
  const [mobile, setMobile] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const { countries, countryId, setCountryId } = useCountryChoice();
  const [requestOtp, { isLoading }] = useRequestOtpMutation();
  const [loginWithOtp] = useLoginWithOtpMutation();
  const apply = useApplyLoginReply(flow);

  const request = async (): Promise<boolean> => {
    const reply = replyOf(
      await requestOtp({ username: typedName(mobile), countryId, otpType: OtpType.Login }),
    );
    if (!reply?.isSuccess) {
      const key = reply?.codeMessageRespond === 'NotFoundActiveAccount' ? 'forget_account_no_active' : null;
      showToast(key ? t(key) : replyText(t, reply), 'error');
      return false;
    }
    showToast(t('otp_sent_to_mob'), 'success');
    return true;
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = mobileRule(mobile);
    setError(found);
    if (found) return focusFirstError(event.currentTarget);
    if (await request()) setSent(true);
  };

  if (sent)
    return (
      <CodeStep
        intro={t('check_mob_otp')}
        emptyKey="enter_valid_OTP"
        onSubmit={async (otp) => {
          const name = { userName: typedName(mobile), countryId };
          const result = await loginWithOtp({
            ...name,
            otp,
            deviceType: 0,
            deviceTokenWeb: storedPushToken(),
          });
          return apply(replyOf(result), name);
        }}
        onResend={request}
      />
    );

  return (
    <form noValidate onSubmit={onSubmit}>
      <CountrySelect countries={countries} countryId={countryId} onChange={setCountryId} />
      <TextField
        label={t('auth.mobile')}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        value={mobile}
        error={keyText(t, error)}
        onChange={(event) => setMobile(event.target.value)}
      />
      <button type="submit" className={`${button.primary} ${fullWidth}`} disabled={isLoading}>
        {t('auth.sendCode')}
      </button>
      <div className={css.linkRow}>
        <button type="button" className={css.linkButton} onClick={() => flow.go({ name: 'login' })}>
          {t('auth.backToLogin')}
        </button>
      </div>
    </form>
  );
}
