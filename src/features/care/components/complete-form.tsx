import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/text-field';
import { button, field, fieldError, label } from '../../../components/ui.css';
import { useNamespace } from '../../../lib/i18n/namespace';
import { keyText } from '../../../lib/reply';
import { showToast } from '../../../lib/toast/toast-store';
import { useCompleteAppointmentMutation } from '../api';
import * as css from '../care.css';
import { careNs } from '../i18n/namespace';

interface Medicine {
  name: string;
  dosage: string;
  frequency: string;
  days: string;
}
const EMPTY: Medicine = { name: '', dosage: '', frequency: '', days: '' };

/** A labelled multi-line field whose error is announced with it. */
export function TextArea(props: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string | null;
}) {
  const id = useId();
  return (
    <div className={field}>
      <label className={label} htmlFor={id}>
        {props.label}
      </label>
      <textarea
        id={id}
        className={css.textarea}
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.error && (
        <p id={`${id}-error`} className={fieldError}>
          {props.error}
        </p>
      )}
    </div>
  );
}

/**
 * The consultation: diagnosis, note, advice and the prescription (rows of medicine, dosage,
 * frequency, days). The form checks what the server checks (diagnosis and note required, a row
 * needs a medicine name) and shows the server's translated refusal otherwise.
 */
export function CompleteForm({ appointmentId }: { appointmentId: number }) {
  const { t } = useNamespace(careNs);
  const { t: tr } = useTranslation();
  const [complete, state] = useCompleteAppointmentMutation();
  const [diagnosis, setDiagnosis] = useState('');
  const [note, setNote] = useState('');
  const [advice, setAdvice] = useState('');
  const [medicines, setMedicines] = useState<Medicine[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!diagnosis.trim()) found.diagnosis = tr('diagnosis_required');
    if (!note.trim()) found.note = tr('consultation_note_required');
    medicines.forEach((m, i) => {
      if (!m.name.trim()) found[`m${i}`] = tr('prescription_name_required');
    });
    setErrors(found);
    if (Object.keys(found).length) return;
    const reply = await complete({
      id: appointmentId,
      body: {
        diagnosis: diagnosis.trim(),
        note: note.trim(),
        advice: advice.trim(),
        prescription: medicines.map((m) => ({
          name: m.name.trim(),
          dosage: m.dosage.trim(),
          frequency: m.frequency.trim(),
          days: Math.max(0, Math.min(365, Number(m.days) || 0)),
          note: '',
        })),
      },
    });
    const data =
      'data' in reply
        ? reply.data
        : ((reply.error as { data?: { isSuccess?: boolean; errors?: string[]; codeMessageRespond?: string } })
            ?.data ?? null);
    if (data?.isSuccess) showToast(t('completed'), 'success');
    else
      showToast(
        keyText(tr, data?.errors?.[0]) ?? keyText(tr, data?.codeMessageRespond) ?? tr('something_went_wrong'),
        'error',
      );
  };
  const setMedicine = (i: number, patch: Partial<Medicine>) =>
    setMedicines((list) => list.map((m, j) => (j === i ? { ...m, ...patch } : m)));

  return (
    <form className={css.section} onSubmit={(e) => void submit(e)} noValidate aria-labelledby="care-complete">
      <h2 id="care-complete">{t('consultations')}</h2>
      <TextField
        label={t('diagnosis')}
        value={diagnosis}
        onChange={(e) => setDiagnosis(e.target.value)}
        error={errors.diagnosis}
      />
      <TextArea label={t('note')} value={note} onChange={setNote} error={errors.note} />
      <TextArea label={t('advice')} value={advice} onChange={setAdvice} />
      <fieldset>
        <legend className={css.term}>{t('prescription')}</legend>
        {medicines.map((m, i) => (
          <div key={i} className={css.medicine} role="group" aria-label={t('medicineN', { n: i + 1 })}>
            <TextField
              label={t('medicine')}
              value={m.name}
              onChange={(e) => setMedicine(i, { name: e.target.value })}
              error={errors[`m${i}`]}
            />
            <TextField
              label={t('dosage')}
              value={m.dosage}
              onChange={(e) => setMedicine(i, { dosage: e.target.value })}
            />
            <TextField
              label={t('frequency')}
              value={m.frequency}
              onChange={(e) => setMedicine(i, { frequency: e.target.value })}
            />
            <TextField
              label={t('days')}
              inputMode="numeric"
              value={m.days}
              onChange={(e) => setMedicine(i, { days: e.target.value.replace(/\D/g, '').slice(0, 3) })}
            />
            <button
              type="button"
              className={button.secondary}
              onClick={() => setMedicines((list) => list.filter((_, j) => j !== i))}
            >
              {t('removeMedicine', { n: i + 1 })}
            </button>
          </div>
        ))}
        <button
          type="button"
          className={button.secondary}
          onClick={() => setMedicines((list) => [...list, EMPTY])}
        >
          {t('addMedicine')}
        </button>
      </fieldset>
      <div className={css.actions}>
        <button type="submit" className={button.primary} disabled={state.isLoading}>
          {t('complete')}
        </button>
      </div>
    </form>
  );
}
