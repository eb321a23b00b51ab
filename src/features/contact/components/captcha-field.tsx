import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../../components/ui.css';
import { useCaptchaChallengeMutation } from '../api';
import * as css from '../contact.css';
import { runSolver } from '../captcha/run-solver';

type Status = 'idle' | 'verifying' | 'verified' | 'failed';

/**
 * The ALTCHA captcha as one checkbox: ticking it fetches a challenge and solves its proof of work
 * in a worker while a status line says "verifying you are human…". No third-party widget, so
 * nothing inline reaches the page (the CSP forbids inline styles and eval).
 */
export function CaptchaField({
  onChange,
  error,
}: {
  onChange: (payload: string) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [status, setStatus] = useState<Status>('idle');
  const [getChallenge] = useCaptchaChallengeMutation();

  const verify = async () => {
    setStatus('verifying');
    onChange('');
    try {
      const challenge = await getChallenge().unwrap();
      const payload = await runSolver(challenge);
      if (!payload) throw new Error('unsolved');
      onChange(payload);
      setStatus('verified');
    } catch {
      setStatus('failed');
    }
  };

  return (
    <div className={css.captcha}>
      <label className={css.captchaLabel}>
        <input
          id={id}
          type="checkbox"
          checked={status === 'verified'}
          disabled={status === 'verifying' || status === 'verified'}
          aria-invalid={!!error}
          aria-describedby={`${id}-status${error ? ` ${id}-error` : ''}`}
          onChange={() => void verify()}
        />
        {t('contact.human')}
      </label>
      <p id={`${id}-status`} role="status" className={css.captchaStatus}>
        {status === 'verifying' && t('contact.verifying')}
        {status === 'verified' && t('contact.verified')}
        {status === 'failed' && t('contact.captchaFailed')}
      </p>
      {error && (
        <p id={`${id}-error`} className={fieldError}>
          {t(error)}
        </p>
      )}
    </div>
  );
}
