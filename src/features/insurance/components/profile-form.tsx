import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CARD_NUMBER } from '../../../../schemas/insurance-rules';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { button, field, fieldError, label } from '../../../components/ui.css';
import { useNamespace } from '../../../lib/i18n/namespace';
import { useUploadFiles } from '../../../lib/private-files';
import { keyText, replyOf, replyText } from '../../../lib/reply';
import { usePatientsQuery } from '../../family';
import { useInsuranceCompaniesQuery, useSaveInsuranceProfileMutation, type InsuranceProfile } from '../api';
import { insuranceNs } from '../i18n/namespace';
import * as css from '../insurance.css';
import { CARD_FOLDER, IMAGE_ACCEPT, imageError } from '../rules';

type Field =
  | 'patientId'
  | 'insuranceCompanyId'
  | 'healthCardNumber'
  | 'healthCardPhoto'
  | 'socialCardNumber'
  | 'socialCardPhoto'
  | 'contractNumber';
const FIELD_OF_KEY: Record<string, Field> = {
  select_insured_person: 'patientId',
  select_insurance_company: 'insuranceCompanyId',
  valid_health_card_number: 'healthCardNumber',
  valid_social_card_number: 'socialCardNumber',
  valid_contract_number: 'contractNumber',
};

/**
 * Adds or edits an insurance profile (spec section 3): the insured person (myself or a family
 * member), company, health insurance card number and photo, social insurance card number and
 * photo, contract number. Photos are images only, uploaded to the private InsuranceCards folder;
 * an edit without a new photo keeps the current one. Wrap it in ConsentGate.
 */
export function ProfileForm({
  profile,
  onDone,
  onCancel,
}: {
  profile?: InsuranceProfile | null;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t, i18n, ready } = useNamespace(insuranceNs);
  const { t: tr } = useTranslation();
  const id = useId();
  const patients = usePatientsQuery();
  const companies = useInsuranceCompaniesQuery(i18n.language);
  const upload = useUploadFiles(CARD_FOLDER, 'upload_url_invalid');
  const [save] = useSaveInsuranceProfileMutation();
  const healthRef = useRef<HTMLInputElement>(null);
  const socialRef = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState({
    patientId: profile?.patientId ?? 0,
    insuranceCompanyId: profile?.insuranceCompanyId ?? 0,
    healthCardNumber: profile?.healthCardNumber ?? '',
    socialCardNumber: profile?.socialCardNumber ?? '',
    contractNumber: profile?.contractNumber ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const text = (key: string) => keyText(tr, key) ?? key;
  const set = (name: keyof typeof values, value: string | number) =>
    setValues((v) => ({ ...v, [name]: value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const health = healthRef.current?.files?.[0];
    const social = socialRef.current?.files?.[0];
    const found: Partial<Record<Field, string>> = {};
    if (!values.patientId) found.patientId = text('select_insured_person');
    if (!values.insuranceCompanyId) found.insuranceCompanyId = text('select_insurance_company');
    if (values.healthCardNumber.trim() && !CARD_NUMBER.test(values.healthCardNumber.trim()))
      found.healthCardNumber = text('valid_health_card_number');
    if (values.socialCardNumber.trim() && !CARD_NUMBER.test(values.socialCardNumber.trim()))
      found.socialCardNumber = text('valid_social_card_number');
    if (values.contractNumber.trim().length > 30) found.contractNumber = text('valid_contract_number');
    const healthError = imageError(health);
    const socialError = imageError(social);
    if (healthError) found.healthCardPhoto = text(healthError);
    if (socialError) found.socialCardPhoto = text(socialError);
    setErrors(found);
    setFailure(null);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const [healthUrl] = health ? await upload([health]) : [];
      const [socialUrl] = social ? await upload([social]) : [];
      const reply = replyOf(
        await save({
          ...(profile ? { insuranceProfileId: profile.insuranceProfileId } : {}),
          patientId: values.patientId,
          insuranceCompanyId: values.insuranceCompanyId,
          healthCardNumber: values.healthCardNumber.trim() || null,
          socialCardNumber: values.socialCardNumber.trim() || null,
          contractNumber: values.contractNumber.trim() || null,
          ...(healthUrl ? { healthCardPhotoUrl: healthUrl } : {}),
          ...(socialUrl ? { socialCardPhotoUrl: socialUrl } : {}),
        }),
      );
      if (reply?.isSuccess) {
        onDone();
        return;
      }
      const fromServer: Partial<Record<Field, string>> = {};
      for (const key of reply?.errors ?? []) if (FIELD_OF_KEY[key]) fromServer[FIELD_OF_KEY[key]] = text(key);
      setErrors(fromServer);
      if (Object.keys(fromServer).length === 0) setFailure(replyText(tr, reply));
    } catch (error) {
      setFailure(text((error as Error).message));
    } finally {
      setBusy(false);
    }
  };

  const described = (f: Field) => (errors[f] ? `${id}-${f}-error` : undefined);
  const errorOf = (f: Field) =>
    errors[f] ? (
      <p id={`${id}-${f}-error`} className={fieldError}>
        {errors[f]}
      </p>
    ) : null;
  const textField = (name: 'healthCardNumber' | 'socialCardNumber' | 'contractNumber') => (
    <TextField
      id={`${id}-${name}`}
      label={t(`profile.${name}`)}
      maxLength={30}
      value={values[name]}
      error={errors[name]}
      onChange={(event) => set(name, event.target.value)}
    />
  );
  const photoField = (
    name: 'healthCardPhoto' | 'socialCardPhoto',
    ref: React.RefObject<HTMLInputElement | null>,
  ) => (
    <div className={field}>
      <label className={label} htmlFor={`${id}-${name}`}>
        {t(`profile.${name}`)}
      </label>
      <input
        id={`${id}-${name}`}
        ref={ref}
        type="file"
        accept={IMAGE_ACCEPT}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={[`${id}-${name}-hint`, described(name) ?? ''].join(' ').trim()}
      />
      <p id={`${id}-${name}-hint`} className={css.hint}>
        {profile ? t('profile.photoKeepHint') : t('files.imageHint')}
      </p>
      {errorOf(name)}
    </div>
  );

  if (!ready) return <p role="status">…</p>;
  return (
    <form noValidate onSubmit={onSubmit} className={css.form}>
      {failure && (
        <p role="alert" className={css.alert}>
          {failure}
        </p>
      )}
      <SelectField
        id={`${id}-patientId`}
        label={t('profile.insuredPerson')}
        value={values.patientId || ''}
        error={errors.patientId}
        onChange={(event) => set('patientId', Number(event.target.value))}
      >
        <option value="">{t('choose')}</option>
        {(patients.data ?? []).map((p) => (
          <option key={p.patientId} value={p.patientId}>
            {p.fullName}
          </option>
        ))}
      </SelectField>
      <SelectField
        id={`${id}-insuranceCompanyId`}
        label={t('fields.insuranceCompanyId')}
        value={values.insuranceCompanyId || ''}
        error={errors.insuranceCompanyId}
        onChange={(event) => set('insuranceCompanyId', Number(event.target.value))}
      >
        <option value="">{t('choose')}</option>
        {(companies.data ?? []).map((c) => (
          <option key={c.insuranceCompanyId} value={c.insuranceCompanyId}>
            {c.name}
          </option>
        ))}
      </SelectField>
      {textField('healthCardNumber')}
      {photoField('healthCardPhoto', healthRef)}
      {textField('socialCardNumber')}
      {photoField('socialCardPhoto', socialRef)}
      {textField('contractNumber')}
      <div className={css.actions}>
        <button type="submit" className={button.primary} disabled={busy}>
          {busy ? t('sending') : t('save')}
        </button>
        <button type="button" className={button.ghost} onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
