import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeField } from '../../../components/text-field';
import { button, fullWidth, muted } from '../../../components/ui.css';
import { codeRule } from '../../../lib/account-rules';
import { keyText } from '../../../lib/reply';
import * as css from '../auth.css';

/** Seconds before a code may be sent again (the registration dialog's countdown). */
export const RESEND_SECONDS = 60;

interface CodeStepProps {
  /** Says where the code went. */
  intro: ReactNode;
  /** Message key when the code is empty ('type_otp_we_send', 'plz_enter_OTP', 'enter_valid_OTP'). */
  emptyKey: string;
  submitLabel?: string;
  /** Sends the code; resolves to a message key to show under the field when it was refused. */
  onSubmit: (code: string) => Promise<string | null | void>;
  /** Sends a new code; resolves true when it was sent (restarts the countdown). */
  onResend?: () => Promise<boolean>;
  /** Start with the resend countdown running (a code was just sent). */
  codeJustSent?: boolean;
  /** Also accept a recovery code (xxxxx-xxxxx) of the authenticator second factor. */
  allowRecovery?: boolean;
}

/** One code-entry step: a numeric one-time-code field, submit, and resend with a countdown. */
export function CodeStep({
  intro,
  emptyKey,
  submitLabel,
  onSubmit,
  onResend,
  codeJustSent = true,
  allowRecovery = false,
}: CodeStepProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [wait, setWait] = useState(codeJustSent && onResend ? RESEND_SECONDS : 0);
  const form = useRef<HTMLFormElement>(null);

  // The step replaces the form that asked for the code: start on the code field.
  useEffect(() => form.current?.querySelector('input')?.focus(), []);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = codeRule(code, emptyKey, allowRecovery);
    setError(found);
    if (found) return;
    setBusy(true);
    try {
      const refused = await onSubmit(code.trim());
      if (refused) setError(refused);
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    if (!onResend) return;
    setBusy(true);
    try {
      if (await onResend()) setWait(RESEND_SECONDS);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={form} noValidate onSubmit={submit}>
      <p className={muted}>{intro}</p>
      <CodeField
        label={t('auth.code')}
        value={code}
        error={error && keyText(t, error)}
        {...(allowRecovery ? { maxLength: 11, pattern: undefined } : {})}
        onChange={(event) =>
          setCode(
            allowRecovery ? event.target.value.trim() : event.target.value.replace(/\D/g, '').slice(0, 6),
          )
        }
      />
      <button type="submit" className={`${button.primary} ${fullWidth}`} disabled={busy}>
        {submitLabel ?? t('auth.confirm')}
      </button>
      {onResend && (
        <div className={css.linkRow}>
          <button type="button" className={css.linkButton} onClick={resend} disabled={busy || wait > 0}>
            {wait > 0 ? t('auth.resendIn', { seconds: wait }) : t('auth.resend')}
          </button>
        </div>
      )}
    </form>
  );
}
