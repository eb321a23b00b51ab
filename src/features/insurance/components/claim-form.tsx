// The Form module itself: @rjsf/core's index also loads its test registry (ajv), never in the browser.
import Form from '@rjsf/core/lib/components/Form.js';
import type { ErrorSchema, RegistryWidgetsType, RJSFValidationError } from '@rjsf/utils';
import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormOverride } from '../../../../schemas/forms/merge';
import { button, field, fieldError, label } from '../../../components/ui.css';
import { ChoiceWidget } from '../../../lib/forms/choice-widget';
import { YesNoWidget } from '../../../lib/forms/yes-no-widget';
import { CfworkerValidator } from '../../../lib/forms/cfworker-validator';
import { useNamespace } from '../../../lib/i18n/namespace';
import { useUploadFiles } from '../../../lib/private-files';
import { keyText, replyOf, replyText } from '../../../lib/reply';
import { useTenant } from '../../../tenant/tenant-context';
import {
  useCreateInsuranceClaimMutation,
  useInsuranceCompaniesQuery,
  type InsuranceClaimDetail,
} from '../api';
import { applicableAnswers, buildClaimFormSpec, fieldsOfKey } from '../claim-form-spec';
import { insuranceNs } from '../i18n/namespace';
import { ProfilePrefill } from './profile-prefill';
import * as css from '../insurance.css';
import { CLAIM_FOLDER, DOCUMENT_ACCEPT, IMAGE_ACCEPT, documentsError, imageError } from '../rules';

const widgets: RegistryWidgetsType = { choice: ChoiceWidget, yesNo: YesNoWidget };
type FileField = 'idFront' | 'idBack' | 'documents' | 'terms';
const FILE_KEYS: Record<string, FileField> = {
  upload_id_front: 'idFront',
  upload_id_back: 'idBack',
  id_images_only: 'idFront',
  upload_claim_documents: 'documents',
  too_many_files: 'documents',
  max_5_files: 'documents',
  file_too_large: 'documents',
  invalid_file_type: 'documents',
  accept_terms: 'terms',
};

/**
 * "File a claim": the tenant's claim form rendered by rjsf (schemas/forms/insurance-claim.schema.json
 * with tenant.json `forms['insurance-claim']`, conditional questions shown only when they apply),
 * validated in the browser without eval and again on the server; the ID/passport front and back
 * (images) and 1 to 5 documents (JPG/PNG/PDF, 2 MB) uploaded to the private InsuranceClaims
 * folder; the terms. Wrap it in ConsentGate.
 */
export function ClaimForm({
  onFiled,
  onCancel,
}: {
  onFiled: (claim: InsuranceClaimDetail) => void;
  onCancel?: () => void;
}) {
  const { t, i18n, ready } = useNamespace(insuranceNs);
  const { t: tr } = useTranslation();
  const { bundle } = useTenant();
  const id = useId();
  const companies = useInsuranceCompaniesQuery(i18n.language).data;
  const upload = useUploadFiles(CLAIM_FOLDER, 'upload_url_invalid');
  const [create] = useCreateInsuranceClaimMutation();
  const [answers, setAnswers] = useState<Record<string, unknown>>({});
  const [terms, setTerms] = useState(false);
  const refs = {
    idFront: useRef<HTMLInputElement>(null),
    idBack: useRef<HTMLInputElement>(null),
    documents: useRef<HTMLInputElement>(null),
  };
  const [fileErrors, setFileErrors] = useState<Partial<Record<FileField, string>>>({});
  const [extraErrors, setExtraErrors] = useState<ErrorSchema>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const override = (bundle.forms as Record<string, FormOverride | undefined>)['insurance-claim'];
  const text = (key: string, fallback = key) =>
    keyText(tr, key) ?? tr(`formErrors.${key}`, { defaultValue: fallback });

  const { schema, uiSchema, merged } = useMemo(
    () =>
      buildClaimFormSpec(
        override,
        t,
        i18n.language,
        companies?.map((c) => ({ value: c.insuranceCompanyId, label: c.name })) ?? [],
        answers,
      ),
    // `ready`: t keeps its identity when the namespace arrives; the titles must be read again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [override, t, ready, i18n.language, companies, answers],
  );
  const validator = useMemo(() => new CfworkerValidator((key, fallback) => text(key, fallback)), [tr]); // eslint-disable-line react-hooks/exhaustive-deps

  const filesOf = (f: 'idFront' | 'idBack' | 'documents') => Array.from(refs[f].current?.files ?? []);
  /** The file and terms problems (shown with the form's own). */
  const checkFiles = () => {
    const found: Partial<Record<FileField, string>> = {};
    const front = imageError(filesOf('idFront')[0], 'upload_id_front');
    const back = imageError(filesOf('idBack')[0], 'upload_id_back');
    const docs = documentsError(filesOf('documents'));
    if (front) found.idFront = text(front);
    if (back) found.idBack = text(back);
    if (docs) found.documents = text(docs);
    if (!terms) found.terms = text('accept_terms');
    setFileErrors(found);
    return found;
  };

  const onSubmit = async (data: Record<string, unknown>) => {
    setFailure(null);
    setExtraErrors({});
    const found = checkFiles();
    const first = (['idFront', 'idBack', 'documents', 'terms'] as FileField[]).find((f) => found[f]);
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const [idFrontUrl, idBackUrl, ...documentUrls] = await upload([
        filesOf('idFront')[0]!,
        filesOf('idBack')[0]!,
        ...filesOf('documents'),
      ]);
      const reply = replyOf(
        await create({
          claim: applicableAnswers(merged, data),
          idFrontUrl: idFrontUrl!,
          idBackUrl: idBackUrl!,
          documentUrls,
          acceptTerms: terms,
        }),
      );
      if (reply?.isSuccess && reply.data) {
        onFiled(reply.data);
        return;
      }
      const keys = reply?.errors ?? [];
      const fields: Record<string, { __errors: string[] }> = {};
      const files: Partial<Record<FileField, string>> = {};
      for (const key of keys) {
        for (const name of fieldsOfKey(schema, key)) fields[name] = { __errors: [text(key)] };
        if (FILE_KEYS[key]) files[FILE_KEYS[key]] = text(key);
      }
      setExtraErrors(fields as ErrorSchema);
      setFileErrors(files);
      if (Object.keys(fields).length === 0 && Object.keys(files).length === 0)
        setFailure(replyText(tr, reply));
    } catch (error) {
      setFailure(text((error as Error).message));
    } finally {
      setBusy(false);
    }
  };

  const fileField = (f: 'idFront' | 'idBack' | 'documents', accept: string, hint: string): ReactNode => (
    <div className={field}>
      <label className={label} htmlFor={`${id}-${f}`}>
        {t(`files.${f}`)}
      </label>
      <input
        id={`${id}-${f}`}
        ref={refs[f]}
        type="file"
        accept={accept}
        multiple={f === 'documents'}
        aria-invalid={fileErrors[f] ? true : undefined}
        aria-describedby={[`${id}-${f}-hint`, fileErrors[f] ? `${id}-${f}-error` : ''].join(' ').trim()}
      />
      <p id={`${id}-${f}-hint`} className={css.hint}>
        {hint}
      </p>
      {fileErrors[f] && (
        <p id={`${id}-${f}-error`} className={fieldError}>
          {fileErrors[f]}
        </p>
      )}
    </div>
  );

  if (!ready) return <p role="status">…</p>;
  return (
    <>
      <ProfilePrefill onFill={(filled) => setAnswers((current) => ({ ...current, ...filled }))} />
      <Form
        className={css.form}
        schema={schema}
        uiSchema={uiSchema}
        validator={validator}
        widgets={widgets}
        formData={answers}
        onChange={(event) =>
          setAnswers(applicableAnswers(merged, (event.formData ?? {}) as Record<string, unknown>))
        }
        onSubmit={(event) => void onSubmit(event.formData as Record<string, unknown>)}
        onError={() => checkFiles()}
        transformErrors={(errors: RJSFValidationError[]) => errors.filter((e) => e.property !== '')}
        extraErrors={extraErrors}
        noHtml5Validate
        showErrorList={false}
        focusOnFirstError
        disabled={busy}
      >
        {fileField('idFront', IMAGE_ACCEPT, t('files.imageHint'))}
        {fileField('idBack', IMAGE_ACCEPT, t('files.imageHint'))}
        {fileField('documents', DOCUMENT_ACCEPT, t('files.documentsHint'))}
        <div className={field}>
          <label className={css.check}>
            <input
              id={`${id}-terms`}
              type="checkbox"
              checked={terms}
              aria-invalid={fileErrors.terms ? true : undefined}
              aria-describedby={fileErrors.terms ? `${id}-terms-error` : undefined}
              onChange={(event) => setTerms(event.target.checked)}
            />
            {t('terms')}
          </label>
          {fileErrors.terms && (
            <p id={`${id}-terms-error`} className={fieldError}>
              {fileErrors.terms}
            </p>
          )}
        </div>
        {failure && (
          <p role="alert" className={css.alert}>
            {failure}
          </p>
        )}
        <div className={css.actions}>
          <button type="submit" className={button.primary} disabled={busy}>
            {busy ? t('sending') : t('submitClaim')}
          </button>
          {onCancel && (
            <button type="button" className={button.ghost} onClick={onCancel}>
              {t('cancel')}
            </button>
          )}
        </div>
      </Form>
    </>
  );
}
