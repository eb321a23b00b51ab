import { useCallback, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { AppointmentDetail } from '../../../../schemas/appointments';
import { button, field, fieldError, input, label } from '../../../components/ui.css';
import { useNamespace } from '../../../lib/i18n/namespace';
import { keyText, replyOf } from '../../../lib/reply';
import { PatientPicker } from '../../family';
import { useCreateFeeGuaranteeMutation, useFeeGuaranteeHospitalsQuery, type FeeGuarantee } from '../api';
import * as css from '../fee-guarantee.css';
import { feeGuaranteeNs } from '../i18n/namespace';
import { feeGuaranteePaths } from '../paths';

/** Which field a server message key belongs to. */
const FIELD_OF: Record<string, string> = {
  select_patient: 'patient',
  patient_not_found: 'patient',
  select_hospital: 'hospital',
  hospital_not_found: 'hospital',
  enter_insurance_company: 'insuranceCompany',
  enter_policy_number: 'policyNumber',
  invalid_estimated_amount: 'estimatedAmount',
};

/**
 * The request: from an appointment (patient and hospital come from it; a video consultation
 * without a hospital asks for one) or from the menu (who, with the family picker, and which
 * hospital); then the insurer, the policy number, an optional estimate and note.
 */
export function RequestForm({ appointment }: { appointment: AppointmentDetail | null }) {
  const { t } = useNamespace(feeGuaranteeNs);
  const main = useTranslation();
  const navigate = useNavigate();
  const [create, creating] = useCreateFeeGuaranteeMutation();
  const needsHospital = !appointment?.hospitalId;
  const hospitals = useFeeGuaranteeHospitalsQuery(undefined, { skip: !needsHospital });
  const [patientId, setPatientId] = useState<number | null>(null);
  const [hospitalId, setHospitalId] = useState('');
  const [insuranceCompany, setInsuranceCompany] = useState('');
  const [policyNumber, setPolicyNumber] = useState('');
  const [estimatedAmount, setEstimatedAmount] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<{ key: string | null; text: string } | null>(null);
  const id = useId();
  const pick = useCallback((next: number) => setPatientId(next), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const local: Record<string, string> = {};
    if (!appointment && patientId === null) local.patient = 'select_patient';
    if (needsHospital && !hospitalId) local.hospital = 'select_hospital';
    if (!insuranceCompany.trim()) local.insuranceCompany = 'enter_insurance_company';
    if (!policyNumber.trim()) local.policyNumber = 'enter_policy_number';
    const amount = estimatedAmount.replace(/[.\s,]/g, '');
    if (amount && !/^\d{1,11}$/.test(amount)) local.estimatedAmount = 'invalid_estimated_amount';
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    const reply = replyOf<FeeGuarantee>(
      await create({
        ...(appointment ? { appointmentId: appointment.appointmentId } : { patientId }),
        ...(needsHospital ? { hospitalId: Number(hospitalId) } : {}),
        insuranceCompany: insuranceCompany.trim(),
        policyNumber: policyNumber.trim(),
        estimatedAmount: amount ? Number(amount) : null,
        note: note.trim(),
      }),
    );
    if (reply?.isSuccess && reply.data) return navigate(feeGuaranteePaths.detail(reply.data.feeGuaranteeId));
    const keys = reply?.errors?.length ? reply.errors : [reply?.codeMessageRespond ?? ''];
    const fieldErrors = Object.fromEntries(keys.filter((k) => FIELD_OF[k]).map((k) => [FIELD_OF[k]!, k]));
    setErrors(fieldErrors);
    if (Object.keys(fieldErrors).length === 0) {
      const key = reply?.codeMessageRespond ?? null;
      setFailure({ key, text: keyText(main.t, keys[0]) ?? keyText(main.t, key) ?? t('form.failed') });
    }
  };

  const errorOf = (name: string) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className={fieldError} role="alert">
        {keyText(main.t, errors[name]) ?? errors[name]}
      </p>
    ) : null;
  const describedBy = (name: string) => (errors[name] ? `${id}-${name}-error` : undefined);

  const text = (name: string, value: string, set: (v: string) => void, extra: object = {}) => (
    <div className={field}>
      <label className={label} htmlFor={`${id}-${name}`}>
        {t(`form.${name}`)}
      </label>
      <input
        id={`${id}-${name}`}
        className={input}
        value={value}
        onChange={(e) => set(e.target.value)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describedBy(name)}
        {...extra}
      />
      {errorOf(name)}
    </div>
  );

  return (
    <form className={css.stack} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('form.title')}</h2>
      {appointment ? (
        <p>{t('form.fromAppointment', { number: appointment.appointmentNumber })}</p>
      ) : (
        <PatientPicker
          value={patientId}
          onChange={pick}
          legend={t('form.patientLegend')}
          name="feeGuaranteePatient"
          error={errors.patient ? keyText(main.t, errors.patient) : null}
        />
      )}
      {needsHospital && (
        <div className={field}>
          <label className={label} htmlFor={`${id}-hospital`}>
            {t('form.hospital')}
          </label>
          <select
            id={`${id}-hospital`}
            className={input}
            value={hospitalId}
            onChange={(e) => setHospitalId(e.target.value)}
            aria-invalid={errors.hospital ? true : undefined}
            aria-describedby={describedBy('hospital')}
          >
            <option value="">{t('form.chooseHospital')}</option>
            {(hospitals.data ?? []).map((h) => (
              <option key={h.hospitalId} value={h.hospitalId}>
                {h.name}
              </option>
            ))}
          </select>
          {errorOf('hospital')}
        </div>
      )}
      {text('insuranceCompany', insuranceCompany, setInsuranceCompany, {
        maxLength: 200,
        autoComplete: 'organization',
      })}
      {text('policyNumber', policyNumber, setPolicyNumber, { maxLength: 100 })}
      {text('estimatedAmount', estimatedAmount, setEstimatedAmount, { inputMode: 'numeric', maxLength: 15 })}
      <div className={field}>
        <label className={label} htmlFor={`${id}-note`}>
          {t('form.note')}
        </label>
        <textarea
          id={`${id}-note`}
          className={input}
          value={note}
          maxLength={2000}
          rows={3}
          onChange={(e) => setNote(e.target.value)}
        />
      </div>
      {failure && (
        <p role="alert" className={css.error}>
          {failure.text}{' '}
          {failure.key === 'fee_guarantee_exists' && (
            <Link to={feeGuaranteePaths.list}>{t('form.existsLink')}</Link>
          )}
        </p>
      )}
      <div className={css.actions}>
        <button type="submit" className={button.primary} disabled={creating.isLoading}>
          {creating.isLoading ? t('form.submitting') : t('form.submit')}
        </button>
      </div>
    </form>
  );
}
