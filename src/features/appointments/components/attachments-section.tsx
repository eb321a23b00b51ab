import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { button, field, label, muted } from '../../../components/ui.css';
import { useHospitalClock } from '../../../tenant/use-booking-rules';
import { keyText } from '../../../lib/reply';
import { showToast } from '../../../lib/toast/toast-store';
import { useAttachmentsQuery } from '../api';
import { ATTACHMENT_TYPES, attachmentFileError, downloadAttachment, useAddAttachments } from '../upload';
import * as css from '../appointments.css';
import { FormAlert } from './fields';

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** The appointment's files (GetAttachments) and adding more (upload URLs, PUT, AddAttachments). */
export function AttachmentsSection({ appointmentId }: { appointmentId: number }) {
  const clock = useHospitalClock();
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const { data, isError } = useAttachmentsQuery(appointmentId);
  const add = useAddAttachments();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const files = Array.from(input.current?.files ?? []);
    const refused = files.length === 0 ? 'select_file' : attachmentFileError(files);
    if (refused) {
      setError(keyText(t, refused) ?? t('attachment_file_error'));
      input.current?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await add(appointmentId, files);
      showToast(t('appointments.attachmentsAdded'), 'success');
      if (input.current) input.current.value = '';
    } catch (failure) {
      setError(keyText(t, (failure as Error).message) ?? t('attachment_file_error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={css.section} aria-labelledby="attachments-title">
      <h2 id="attachments-title" className={css.sectionTitle}>
        {t('appointments.attachments')}
      </h2>
      {isError ? (
        <p className={muted}>{t('state.error')}</p>
      ) : data && data.length > 0 ? (
        <ul className={css.plainList}>
          {data.map((file) => (
            <li key={file.attachmentId}>
              <button
                type="button"
                className={css.linkButton}
                onClick={() =>
                  downloadAttachment(file.fileHttpUrl, file.fileName).catch(() =>
                    showToast(t('attachment_file_error'), 'error'),
                  )
                }
              >
                {file.fileName}
              </button>{' '}
              <span className={muted}>
                ({sizeText(file.sizeBytes)}, {clock.dateTime(file.createdAt)})
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className={muted}>{t('appointments.noAttachments')}</p>
      )}
      <form noValidate onSubmit={onSubmit}>
        <FormAlert message={error} />
        <div className={field}>
          <label className={label} htmlFor={inputId}>
            {t('appointments.addFiles')}
          </label>
          <input
            id={inputId}
            ref={input}
            type="file"
            multiple
            accept={ATTACHMENT_TYPES.join(',')}
            aria-describedby={`${inputId}-hint`}
            aria-invalid={error ? true : undefined}
          />
          <span id={`${inputId}-hint`} className={muted}>
            {t('appointments.filesHint')}
          </span>
        </div>
        <button type="submit" className={button.secondary} disabled={busy}>
          {t(busy ? 'appointments.uploading' : 'appointments.upload')}
        </button>
      </form>
    </section>
  );
}
