import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { button, card, field, fieldError, input, label } from '../../../components/ui.css';
import { replyOf, replyText } from '../../../lib/reply';
import { useActivateProductCodeMutation, type UserProduct } from '../api';
import * as css from '../promotions.css';

type Outcome = { ok: true; product: UserProduct } | { ok: false; text: string };

/**
 * "Kích hoạt mã" (spec section 4: promo activation success or fail): the code field, then the
 * result in place: what was added to the wallet of products, or why the code was refused
 * (used, expired, not valid) in the reader's language. The result takes the focus so a screen
 * reader announces it.
 */
export function ActivateCodeForm() {
  const { t } = useTranslation();
  const id = useId();
  const [code, setCode] = useState('');
  const [blank, setBlank] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [activate, { isLoading }] = useActivateProductCodeMutation();
  const result = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (outcome) result.current?.focus();
  }, [outcome]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setBlank(true);
      return;
    }
    setBlank(false);
    const reply = replyOf<UserProduct>(await activate(code.trim()));
    if (reply?.isSuccess && reply.data) {
      setOutcome({ ok: true, product: reply.data });
      setCode('');
    } else {
      setOutcome({ ok: false, text: replyText(t, reply) });
    }
  };

  return (
    <section className={`${card} ${css.stack}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('promotions.activateTitle')}</h2>
      <form className={css.form} onSubmit={submit} noValidate>
        <div className={field}>
          <label className={label} htmlFor={`${id}-code`}>
            {t('promotions.codeLabel')}
          </label>
          <input
            id={`${id}-code`}
            className={input}
            name="code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={60}
            value={code}
            aria-invalid={blank || undefined}
            aria-describedby={`${id}-hint${blank ? ` ${id}-error` : ''}`}
            onChange={(event) => setCode(event.target.value)}
          />
          <p id={`${id}-hint`}>{t('promotions.codeHint')}</p>
          {blank && (
            <p id={`${id}-error`} className={fieldError}>
              {t('product_code_required')}
            </p>
          )}
        </div>
        <button type="submit" className={button.primary} disabled={isLoading}>
          {isLoading ? t('promotions.activating') : t('promotions.activate')}
        </button>
      </form>
      {outcome && (
        <div
          className={`${card} ${outcome.ok ? css.success : css.failure}`}
          role={outcome.ok ? 'status' : 'alert'}
          data-testid="activation-result"
        >
          <h3 ref={result} tabIndex={-1}>
            {outcome.ok ? t('promotions.successTitle') : t('promotions.failTitle')}
          </h3>
          <p>{outcome.ok ? t('promotions.successText', { name: outcome.product.name }) : outcome.text}</p>
        </div>
      )}
    </section>
  );
}
