import { useId, useState, type FormEvent } from 'react';
import { cleanText, textFieldProblem } from '../../../../schemas/free-text';
import { ADVISORY_MESSAGE_MAX, ADVISORY_MESSAGE_RULES } from '../../../../schemas/iomt-rules';
import { SelectField } from '../../../components/select-field';
import { button, field, fieldError, label, muted } from '../../../components/ui.css';
import { focusFirstError } from '../../../lib/focus-first-error';
import { useNamespace } from '../../../lib/i18n/namespace';
import { replyOf, replyText } from '../../../lib/reply';
import { usePatientsQuery } from '../../family/index';
import { useAskAdviceMutation, type AdvisoryRequest, type IomtDoctorList } from '../api';
import * as css from '../iomt.css';
import { iomtNs } from '../i18n/namespace';

/** The message field's rules, as the request schema states them (the server checks the same). */
const MESSAGE_RULES = ADVISORY_MESSAGE_RULES;

/**
 * The advice request (POST Iomt/ReceivingAdvisory): what the patient asks, for whom (themself or
 * a family member) and of which doctor of the package (default: any). Checked here with the
 * schema's rules first; a refusal (no valid package...) is said under the form.
 */
export function AdviceForm({ doctors }: { doctors: IomtDoctorList['doctors'] }) {
  const { t } = useNamespace(iomtNs);
  const messageId = useId();
  const [ask, asking] = useAskAdviceMutation();
  const patients = usePatientsQuery();
  const [message, setMessage] = useState('');
  const [doctorId, setDoctorId] = useState('');
  const [patientId, setPatientId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setSent(false);
    setRefusal(null);
    const problem =
      cleanText(message) === '' ? MESSAGE_RULES['x-message'] : textFieldProblem(MESSAGE_RULES, message);
    if (problem) {
      setError(t(problem));
      focusFirstError(form);
      return;
    }
    setError(null);
    const reply = replyOf<AdvisoryRequest>(
      await ask({
        message: cleanText(message),
        ...(doctorId ? { doctorId: Number(doctorId) } : {}),
        ...(patientId ? { patientId: Number(patientId) } : {}),
      }),
    );
    if (reply?.isSuccess) {
      setMessage('');
      setSent(true);
    } else if (reply?.errors?.includes(MESSAGE_RULES['x-message'])) {
      setError(t(MESSAGE_RULES['x-message']));
      focusFirstError(form);
    } else setRefusal(replyText(t, reply));
  };

  const family = patients.data ?? [];
  return (
    <section className={css.section} aria-labelledby="iomt-advice">
      <h2 id="iomt-advice">{t('adviceTitle')}</h2>
      <p>{t('adviceIntro')}</p>
      <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="iomt-advice">
        <div className={field}>
          <label className={label} htmlFor={messageId}>
            {t('adviceMessage')}
          </label>
          <textarea
            id={messageId}
            className={css.textarea}
            value={message}
            maxLength={ADVISORY_MESSAGE_MAX}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${messageId}-hint${error ? ` ${messageId}-error` : ''}`}
            onChange={(e) => setMessage(e.target.value)}
          />
          <p id={`${messageId}-hint`} className={muted}>
            {t('adviceHint', { max: ADVISORY_MESSAGE_MAX })}
          </p>
          {error && (
            <p id={`${messageId}-error`} className={fieldError}>
              {error}
            </p>
          )}
        </div>
        {family.length > 1 && (
          <SelectField
            label={t('advicePatient')}
            value={patientId}
            onChange={(e) => setPatientId(e.target.value)}
          >
            {family.map((p) => (
              <option key={p.patientId} value={p.isSelf ? '' : String(p.patientId)}>
                {p.fullName}
              </option>
            ))}
          </SelectField>
        )}
        {doctors.length > 0 && (
          <SelectField
            label={t('adviceDoctor')}
            value={doctorId}
            onChange={(e) => setDoctorId(e.target.value)}
          >
            <option value="">{t('adviceAnyDoctor')}</option>
            {doctors.map((d) => (
              <option key={d.doctorId} value={String(d.doctorId)}>
                {d.title} {d.fullName}
              </option>
            ))}
          </SelectField>
        )}
        <div className={css.actions}>
          <button type="submit" className={button.primary} disabled={asking.isLoading}>
            {asking.isLoading ? t('adviceSending') : t('adviceSend')}
          </button>
        </div>
      </form>
      <div role="status" aria-live="polite">
        {sent && <p className={css.success}>{t('adviceSent')}</p>}
      </div>
      {refusal && (
        <div role="alert" className={css.alert}>
          <p>{refusal}</p>
        </div>
      )}
    </section>
  );
}
