import Form from '@rjsf/core';
import type { ErrorSchema, RegistryWidgetsType } from '@rjsf/utils';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormId, FormOverride } from '../../../../schemas/forms/merge';
import { CfworkerValidator } from '../../../lib/forms/cfworker-validator';
import { showToast } from '../../../lib/toast/toast-store';
import { useTenant } from '../../../tenant/tenant-context';
import {
  useCreateDoctorMutation,
  useCreateHospitalMutation,
  useJoinCitiesQuery,
  useJoinSpecialitiesQuery,
} from '../api';
import { buildFormSpec, fieldsOfMessage } from '../form-spec';
import * as css from '../join.css';
import { ChoiceWidget } from '../../../lib/forms/choice-widget';
import { UploadWidget } from './upload-widget';

const widgets: RegistryWidgetsType = { upload: UploadWidget, choice: ChoiceWidget };

/**
 * A join request form rendered by rjsf from the shared JSON Schema plus the tenant's override,
 * validated in the browser without eval (CfworkerValidator) and again on the server.
 */
export function JoinForm({ formId, onDone }: { formId: FormId; onDone: (id: number) => void }) {
  const { t, i18n } = useTranslation();
  const { bundle } = useTenant();
  const cities = useJoinCitiesQuery().data;
  const specialities = useJoinSpecialitiesQuery(undefined, { skip: formId !== 'join-doctor' }).data;
  const [createDoctor, doctorState] = useCreateDoctorMutation();
  const [createHospital, hospitalState] = useCreateHospitalMutation();
  const [formData, setFormData] = useState<Record<string, unknown>>({});
  const [extraErrors, setExtraErrors] = useState<ErrorSchema>({});
  const override = bundle.forms[formId] as FormOverride | undefined;
  const { schema, uiSchema } = useMemo(
    () =>
      buildFormSpec(formId, override, t, {
        cityId: cities?.map((c) => ({ value: c.cityId, label: c.name })),
        specialityId: specialities?.map((s) => ({ value: s.specialityId, label: s.name })),
      }),
    // `t` changes identity with the language, so the titles follow it.
    [formId, override, t, cities, specialities],
  );
  const validator = useMemo(
    () =>
      new CfworkerValidator((key, fallback) =>
        t(`formErrors.${key}`, { defaultValue: i18n.exists(key) ? t(key) : fallback }),
      ),
    [t, i18n],
  );
  const busy = doctorState.isLoading || hospitalState.isLoading;

  const onSubmit = async (data: Record<string, unknown>) => {
    setExtraErrors({});
    const send = formId === 'join-doctor' ? createDoctor : createHospital;
    const result = await send(data);
    if ('data' in result && result.data) {
      onDone(result.data.joinRequestId);
      return;
    }
    const keys =
      (result.error && 'data' in result.error
        ? (result.error.data as { errors?: string[] })?.errors
        : undefined) ?? [];
    const errors: Record<string, { __errors: string[] }> = {};
    for (const key of keys) {
      for (const field of fieldsOfMessage(schema, key)) {
        errors[field] = {
          __errors: [t(`formErrors.${key}`, { defaultValue: i18n.exists(key) ? t(key) : key })],
        };
      }
    }
    setExtraErrors(errors as ErrorSchema);
    if (Object.keys(errors).length === 0) showToast(t(keys[0] ?? 'something_went_wrong'), 'error');
  };

  return (
    <Form
      className={css.form}
      schema={schema}
      uiSchema={uiSchema}
      validator={validator}
      widgets={widgets}
      formData={formData}
      onChange={(event) => setFormData(event.formData as Record<string, unknown>)}
      onSubmit={(event) => void onSubmit(event.formData as Record<string, unknown>)}
      // The errors are shown on the fields and focus moves to the first; nothing else to do.
      onError={() => undefined}
      extraErrors={extraErrors}
      noHtml5Validate
      showErrorList={false}
      focusOnFirstError
      disabled={busy}
    />
  );
}
