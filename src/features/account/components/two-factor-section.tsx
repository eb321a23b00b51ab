import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserProfile } from '../../../../schemas/accounts';
import { Two2NFType } from '../../../../schemas/codes';
import { TextField } from '../../../components/text-field';
import { button } from '../../../components/ui.css';
import { passwordRequiredRule } from '../../../lib/account-rules';
import { focusFirstError } from '../../../lib/focus-first-error';
import { keyText, replyOf, replyText } from '../../../lib/reply';
import { showToast } from '../../../lib/toast/toast-store';
import { accountApi, useConfigTwoFactorMutation, type TwoFactorSetup } from '../api';
import * as css from '../account.css';
import { CodeConfirm } from './code-confirm';
import { Section } from './section';
import { useDispatch } from 'react-redux';

const METHODS = [
  { value: Two2NFType.None, labelKey: 'profile.twoFactorNone' },
  { value: Two2NFType.Email, labelKey: 'profile.twoFactorEmail' },
  { value: Two2NFType.AuthenticatorApp, labelKey: 'profile.twoFactorApp' },
] as const;

/**
 * Two-factor setup (POST /Users/ConfigTwo2NFUser with the password): none or email at once; an
 * authenticator app shows the QR code and secret, is confirmed with a first code, and then shows
 * the recovery codes once.
 */
export function TwoFactorSection({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const [method, setMethod] = useState<number>(profile.two2NFType);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [configure, { isLoading }] = useConfigTwoFactorMutation();
  const refreshProfile = () => dispatch(accountApi.util.invalidateTags(['Profile']));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = passwordRequiredRule(password);
    setError(found);
    if (found) return focusFirstError(event.currentTarget);
    const reply = replyOf(await configure({ two2NFType: method, password }));
    if (!reply?.isSuccess || !reply.data) {
      if (reply?.codeMessageRespond === 'PasswordConfirmFail') return setError('PasswordConfirmFail');
      return showToast(replyText(t, reply), 'error');
    }
    if (method === Two2NFType.AuthenticatorApp && !reply.data.enabled) return setSetup(reply.data);
    showToast(t('profile.twoFactorSaved'), 'success');
    setPassword('');
    refreshProfile();
  };

  if (recoveryCodes)
    return (
      <Section title={t('profile.twoFactorTitle')}>
        <p role="status">{t('profile.recoveryIntro')}</p>
        <ul className={css.codeList} aria-label={t('profile.recoveryCodes')}>
          {recoveryCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <button type="button" className={button.primary} onClick={() => setRecoveryCodes(null)}>
          {t('profile.recoverySaved')}
        </button>
      </Section>
    );

  if (setup)
    return (
      <Section title={t('profile.twoFactorTitle')}>
        <p>{t('profile.scanIntro')}</p>
        {setup.qrCode && <img src={setup.qrCode} alt={t('profile.qrAlt')} width={200} height={200} />}
        <p>
          {t('profile.secretLabel')}{' '}
          <code className={css.secret} data-testid="totp-secret">
            {setup.secret}
          </code>
        </p>
        <CodeConfirm
          intro={t('profile.enterAppCode')}
          submitLabel={t('profile.enableTwoFactor')}
          onCancel={() => setSetup(null)}
          onSubmit={async (otp) => {
            const reply = replyOf(
              await configure({ two2NFType: Two2NFType.AuthenticatorApp, password, otp }),
            );
            if (!reply?.isSuccess || !reply.data?.enabled)
              return reply?.errors?.[0] ?? reply?.codeMessageRespond ?? 'enter_valid_OTP';
            showToast(t('profile.twoFactorSaved'), 'success');
            setSetup(null);
            setPassword('');
            setRecoveryCodes(reply.data.recoveryCodes ?? []);
            refreshProfile();
            return null;
          }}
        />
      </Section>
    );

  return (
    <Section title={t('profile.twoFactorTitle')}>
      <form noValidate onSubmit={onSubmit} className={css.narrowForm}>
        <fieldset>
          <legend>{t('profile.twoFactorMethod')}</legend>
          {METHODS.map((option) => (
            <label key={option.value} className={css.radioRow}>
              <input
                type="radio"
                name="two-factor"
                value={option.value}
                checked={method === option.value}
                onChange={() => setMethod(option.value)}
              />
              {t(option.labelKey)}
            </label>
          ))}
        </fieldset>
        <TextField
          label={t('auth.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          error={keyText(t, error)}
          onChange={(event) => setPassword(event.target.value)}
        />
        <button type="submit" className={button.primary} disabled={isLoading}>
          {t('profile.save')}
        </button>
      </form>
    </Section>
  );
}
