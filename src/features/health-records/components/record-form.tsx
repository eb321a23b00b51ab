import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { button, field, fieldError, label } from '../../../components/ui.css';
import { useNamespace } from '../../../lib/i18n/namespace';
import { useUploadFiles } from '../../../lib/private-files';
import { keyText, replyOf, replyText } from '../../../lib/reply';
import { usePatientsQuery } from '../../family';
import { useCreateHealthRecordMutation } from '../api';
import * as css from '../health-records.css';
import { healthRecordsNs } from '../i18n/namespace';
import { HEALTH_RECORD_ACCEPT, HEALTH_RECORD_FOLDER, healthRecordFileError } from '../rules';

type Field = 'recordName' | 'remark' | 'patientId' | 'files';
const TYPES = [0, 1, 2, 3] as const;

/**
 * The "add record" form (spec section 5: record name, remark and a file required): whose record
 * (myself or a family member), type, 1 to 5 JPG/JPEG/PNG/PDF files of at most 2 MB, checked here
 * with the server's limits, uploaded to the private HealthRecords folder, then one
 * CreateUserHealthRecord (all or nothing on the server). Wrap it in ConsentGate.
 */
export function RecordForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { t } = useNamespace(healthRecordsNs);
  const { t: tr } = useTranslation();
  const id = useId();
  const patients = usePatientsQuery();
  const upload = useUploadFiles(HEALTH_RECORD_FOLDER, 'upload_url_invalid');
  const [create] = useCreateHealthRecordMutation();
  const filesRef = useRef<HTMLInputElement>(null);
  const [recordName, setRecordName] = useState('');
  const [remark, setRemark] = useState('');
  const [type, setType] = useState(0);
  const [patientId, setPatientId] = useState<number | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const self = patients.data?.find((p) => p.isSelf)?.patientId ?? null;
  const chosen = patientId ?? self;

  const text = (key: string) => keyText(tr, key) ?? key;
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const files = Array.from(filesRef.current?.files ?? []);
    const found: Partial<Record<Field, string>> = {};
    if (!recordName.trim()) found.recordName = text('record_name_required');
    if (!remark.trim()) found.remark = text('remark_required');
    if (chosen === null) found.patientId = text('select_patient');
    const fileError = healthRecordFileError(files);
    if (fileError) found.files = text(fileError);
    setErrors(found);
    setFailure(null);
    const first = (['recordName', 'remark', 'patientId', 'files'] as Field[]).find((f) => found[f]);
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const urls = await upload(files);
      const reply = replyOf(
        await create({
          patientId: chosen!,
          recordName: recordName.trim(),
          remark: remark.trim(),
          healthRecordType: type,
          files: urls.map((fileHttpUrl) => ({ fileHttpUrl })),
        }),
      );
      if (reply?.isSuccess) onDone();
      else setFailure(replyText(tr, reply));
    } catch (error) {
      setFailure(text((error as Error).message));
    } finally {
      setBusy(false);
    }
  };

  const described = (f: Field, hint?: string) =>
    [errors[f] ? `${id}-${f}-error` : null, hint ?? null].filter(Boolean).join(' ') || undefined;
  const errorOf = (f: Field) =>
    errors[f] ? (
      <p id={`${id}-${f}-error`} className={fieldError}>
        {errors[f]}
      </p>
    ) : null;

  return (
    <form noValidate onSubmit={onSubmit}>
      {failure && (
        <p role="alert" className={css.alert}>
          {failure}
        </p>
      )}
      <TextField
        id={`${id}-recordName`}
        label={t('recordName')}
        maxLength={200}
        required
        value={recordName}
        error={errors.recordName}
        onChange={(event) => setRecordName(event.target.value)}
      />
      <div className={field}>
        <label className={label} htmlFor={`${id}-remark`}>
          {t('remark')}
        </label>
        <textarea
          id={`${id}-remark`}
          className={css.textarea}
          maxLength={2000}
          required
          value={remark}
          aria-invalid={errors.remark ? true : undefined}
          aria-describedby={described('remark')}
          onChange={(event) => setRemark(event.target.value)}
        />
        {errorOf('remark')}
      </div>
      <SelectField
        id={`${id}-type`}
        label={t('type')}
        value={type}
        onChange={(event) => setType(Number(event.target.value))}
      >
        {TYPES.map((value) => (
          <option key={value} value={value}>
            {t(`types.${value}`)}
          </option>
        ))}
      </SelectField>
      <SelectField
        id={`${id}-patientId`}
        label={t('patient')}
        value={chosen ?? ''}
        error={errors.patientId}
        onChange={(event) => setPatientId(Number(event.target.value) || null)}
      >
        {chosen === null && <option value="">{t('choosePatient')}</option>}
        {(patients.data ?? []).map((p) => (
          <option key={p.patientId} value={p.patientId}>
            {p.fullName}
          </option>
        ))}
      </SelectField>
      <div className={field}>
        <label className={label} htmlFor={`${id}-files`}>
          {t('files')}
        </label>
        <input
          id={`${id}-files`}
          ref={filesRef}
          type="file"
          multiple
          accept={HEALTH_RECORD_ACCEPT}
          aria-invalid={errors.files ? true : undefined}
          aria-describedby={described('files', `${id}-files-hint`)}
        />
        <span id={`${id}-files-hint`} className={css.term}>
          {t('filesHint')}
        </span>
        {errorOf('files')}
      </div>
      <div className={css.actions}>
        <button type="submit" className={button.primary} disabled={busy}>
          {t(busy ? 'saving' : 'save')}
        </button>
        <button type="button" className={button.ghost} onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
