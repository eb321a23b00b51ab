import { useId, useState, type FormEvent } from 'react';
import { cleanText, textFieldProblem } from '../../../../schemas/free-text';
import { ADVISORY_ANSWER_RULES } from '../../../../schemas/iomt-rules';
import { button, field, fieldError, label } from '../../../components/ui.css';
import { focusFirstError } from '../../../lib/focus-first-error';
import { useNamespace } from '../../../lib/i18n/namespace';
import { replyOf, replyText } from '../../../lib/reply';
import { showToast } from '../../../lib/toast/toast-store';
import { useAnswerAdviceMutation, type CareAdvisoryRequest } from '../api';
import * as css from '../iomt.css';
import { iomtNs } from '../i18n/namespace';

/** The answer's rules, as the request schema states them (the server checks the same). */
const ANSWER_RULES = ADVISORY_ANSWER_RULES;

/** A doctor's answer to one open request (POST Care/AdvisoryRequests/{id}/Answer); the first answer closes it. */
export function AnswerForm({ request }: { request: CareAdvisoryRequest }) {
  const { t } = useNamespace(iomtNs);
  const id = useId();
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [send, sending] = useAnswerAdviceMutation();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const problem =
      cleanText(answer) === '' ? ANSWER_RULES['x-message'] : textFieldProblem(ANSWER_RULES, answer);
    if (problem) {
      setError(t(problem));
      focusFirstError(form);
      return;
    }
    setError(null);
    const reply = replyOf<CareAdvisoryRequest>(
      await send({ id: request.advisoryRequestId, body: { answer: cleanText(answer) } }),
    );
    if (reply?.isSuccess) showToast(t('answerSent', { name: request.patientName }), 'success');
    else showToast(replyText(t, reply), 'error');
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <div className={field}>
        <label className={label} htmlFor={id}>
          {t('answerLabel', { name: request.patientName })}
        </label>
        <textarea
          id={id}
          className={css.textarea}
          value={answer}
          maxLength={ANSWER_RULES.maxLength}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setAnswer(e.target.value)}
        />
        {error && (
          <p id={`${id}-error`} className={fieldError}>
            {error}
          </p>
        )}
      </div>
      <div className={css.actions}>
        <button type="submit" className={button.primary} disabled={sending.isLoading}>
          {t('answerSend')}
        </button>
      </div>
    </form>
  );
}
