import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeField } from '../../../components/text-field';
import { button } from '../../../components/ui.css';
import { codeRule } from '../../../lib/account-rules';
import { keyText } from '../../../lib/reply';
import * as css from '../account.css';

interface CodeConfirmProps {
  intro: string;
  submitLabel: string;
  /** Resolves to a message key to show under the field when the code was refused. */
  onSubmit: (code: string) => Promise<string | null>;
  onCancel: () => void;
}

/** The second half of a change confirmed by a code: the one-time-code field, confirm and cancel. */
export function CodeConfirm({ intro, submitLabel, onSubmit, onCancel }: CodeConfirmProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => form.current?.querySelector('input')?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = codeRule(code, 'plz_enter_OTP');
    setError(found);
    if (found) return;
    setBusy(true);
    try {
      setError(await onSubmit(code.trim()));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={form} noValidate onSubmit={submit} className={css.narrowForm}>
      <p>{intro}</p>
      <CodeField
        label={t('auth.code')}
        value={code}
        error={keyText(t, error)}
        onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
      />
      <div className={css.actions}>
        <button type="submit" className={button.primary} disabled={busy}>
          {submitLabel}
        </button>
        <button type="button" className={button.ghost} onClick={onCancel}>
          {t('profile.cancel')}
        </button>
      </div>
    </form>
  );
}
