// The Form module itself: @rjsf/core's index also loads its test registry, which needs
// @rjsf/validator-ajv8 (not installed: the browser never loads ajv).
import Form from '@rjsf/core/lib/components/Form.js';
import type { ErrorSchema, FormValidation, RegistryWidgetsType } from '@rjsf/utils';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormOverride } from '../../../../schemas/forms/merge';
import { ageOf, patientRuleProblems, todayIn } from '../../../../schemas/patient-rules';
import type { Patient } from '../../../../schemas/patients';
import { button } from '../../../components/ui.css';
import { CfworkerValidator } from '../../../lib/forms/cfworker-validator';
import { replyOf, replyText } from '../../../lib/reply';
import { useStoredUser } from '../../../lib/use-stored-user';
import { useTenant } from '../../../tenant/tenant-context';
import { useUserAddressesQuery } from '../../addresses';
import { useAddPatientMutation, useRelationsQuery, useUpdatePatientMutation } from '../api';
import * as css from '../family.css';
import { ageText, buildPatientFormSpec, fieldsOfKey } from '../patient-form-spec';
import { ChoiceWidget } from '../../../lib/forms/choice-widget';

const widgets: RegistryWidgetsType = { choice: ChoiceWidget };
const FORM_FIELDS = [
  'fullName',
  'gender',
  'dateOfBirth',
  'idNumber',
  'mobileNumber',
  'email',
  'zaloNumber',
  'relationId',
  'addressId',
] as const;

/** The form's starting answers: the patient's fields that have a value. */
function initialData(patient: Patient | null | undefined): Record<string, unknown> {
  if (!patient) return {};
  const out: Record<string, unknown> = {};
  for (const field of FORM_FIELDS) {
    const value = patient[field];
    if (value !== null && value !== '') out[field] = value;
  }
  return out;
}

export interface PatientFormProps {
  /** The patient to edit; absent or null: a new family member. */
  patient?: Patient | null;
  /** Called with the saved patient (as the server answers it). */
  onSaved: (patient: Patient) => void;
  onCancel?: () => void;
}

/**
 * The patient form, rendered by rjsf from schemas/forms/patient.schema.json with the tenant's
 * override (as the join forms are), validated in the browser without eval (CfworkerValidator)
 * plus the shared patientRuleProblems, and again on the server. Server refusals (a taken ID
 * number, ...) are shown on their fields.
 */
export function PatientForm({ patient, onSaved, onCancel }: PatientFormProps) {
  const { t, i18n } = useTranslation();
  const { bundle } = useTenant();
  const user = useStoredUser();
  const relations = useRelationsQuery().data;
  const addresses = useUserAddressesQuery(user?.userId ?? 0, { skip: !user?.userId }).data;
  const [addPatient, addState] = useAddPatientMutation();
  const [updatePatient, updateState] = useUpdatePatientMutation();
  const [formData, setFormData] = useState<Record<string, unknown>>(() => initialData(patient));
  const [extraErrors, setExtraErrors] = useState<ErrorSchema>({});
  const [failure, setFailure] = useState<string | null>(null);
  const isSelf = !!patient?.isSelf;
  const override = bundle.forms.patient as FormOverride | undefined;
  const timeZone = bundle.booking?.timeZone ?? 'Asia/Ho_Chi_Minh';
  const message = (key: string, fallback = key) =>
    t(`formErrors.${key}`, { defaultValue: i18n.exists(key) ? t(key) : fallback });

  const { schema, uiSchema } = useMemo(
    () =>
      buildPatientFormSpec(
        override,
        t,
        {
          relationId: relations?.map((r) => ({ value: r.relationId, label: r.name })) ?? [],
          addressId: addresses?.map((a) => ({ value: a.addressId, label: a.text })) ?? [],
        },
        { isSelf },
      ),
    [override, t, relations, addresses, isSelf],
  );
  const validator = useMemo(
    () => new CfworkerValidator((key, fallback) => t(`formErrors.${key}`, { defaultValue: fallback })),
    [t],
  );
  const today = todayIn(timeZone);
  const age = typeof formData.dateOfBirth === 'string' ? ageOf(formData.dateOfBirth, today) : null;
  const shownUi = useMemo(
    () => ({
      ...uiSchema,
      dateOfBirth: {
        ...(uiSchema.dateOfBirth as object),
        'ui:help': age ? `${t('family.ageLabel')}: ${ageText(t, age)}` : undefined,
      },
    }),
    [uiSchema, age, t],
  );

  const customValidate = (
    data: Record<string, unknown> | undefined,
    errors: FormValidation<Record<string, unknown>>,
  ) => {
    for (const problem of patientRuleProblems(data ?? {}, { isSelf, today })) {
      const field = (errors as unknown as Record<string, { addError?: (m: string) => void }>)[problem.field];
      field?.addError?.(message(problem.key));
    }
    return errors;
  };

  const busy = addState.isLoading || updateState.isLoading;
  const onSubmit = async (data: Record<string, unknown>) => {
    setExtraErrors({});
    setFailure(null);
    const result = patient
      ? await updatePatient({ ...data, patientId: patient.patientId })
      : await addPatient(data);
    const reply = replyOf(result);
    if (reply?.isSuccess && reply.data) {
      onSaved(reply.data);
      return;
    }
    const keys = reply?.errors ?? (reply?.codeMessageRespond ? [reply.codeMessageRespond] : []);
    const errors: Record<string, { __errors: string[] }> = {};
    for (const key of keys)
      for (const field of fieldsOfKey(schema, key)) errors[field] = { __errors: [message(key)] };
    setExtraErrors(errors as ErrorSchema);
    if (Object.keys(errors).length === 0) setFailure(replyText(t, reply));
  };

  return (
    <Form
      className={css.form}
      schema={schema}
      uiSchema={shownUi}
      validator={validator}
      widgets={widgets}
      formData={formData}
      onChange={(event) => setFormData(event.formData as Record<string, unknown>)}
      onSubmit={(event) => void onSubmit(event.formData as Record<string, unknown>)}
      onError={() => undefined}
      customValidate={customValidate as never}
      extraErrors={extraErrors}
      noHtml5Validate
      showErrorList={false}
      focusOnFirstError
      disabled={busy}
    >
      {failure && (
        <p role="alert" className={css.error}>
          {failure}
        </p>
      )}
      <div className={css.actions}>
        <button type="submit" className={button.primary} disabled={busy}>
          {busy ? t('family.saving') : t('family.save')}
        </button>
        {onCancel && (
          <button type="button" className={button.ghost} onClick={onCancel}>
            {t('family.cancel')}
          </button>
        )}
      </div>
    </Form>
  );
}
