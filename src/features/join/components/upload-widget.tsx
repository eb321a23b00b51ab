import type { WidgetProps } from '@rjsf/utils';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldError, muted } from '../../../components/ui.css';
import { useUpload } from '../use-upload';
import { acceptOf, isUploadFolder, uploadCountError } from '../upload-rules';
import * as css from '../join.css';

const fileName = (url: string) => decodeURIComponent(url.split('/').pop() ?? url);

/**
 * An rjsf widget for a field with `x-upload` (a string, or an array of strings for several files):
 * the chosen files are checked against the folder's rules, uploaded through the storage flow,
 * and the field keeps their public URLs (fileHttpUrl).
 */
export function UploadWidget({ id, schema, value, onChange, disabled, readonly, required }: WidgetProps) {
  const { t } = useTranslation();
  const multiple = schema.type === 'array';
  const folder = multiple
    ? (schema.items as Record<string, unknown> | undefined)?.['x-upload']
    : schema['x-upload'];
  const upload = useUpload();
  const [status, setStatus] = useState<'idle' | 'uploading'>('idle');
  const [error, setError] = useState<string | null>(null);
  const current: string[] = multiple
    ? ((value as string[] | undefined) ?? [])
    : value
      ? [value as string]
      : [];
  const max = multiple && typeof schema.maxItems === 'number' ? schema.maxItems : 1;
  if (!isUploadFolder(folder)) return null;

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length === 0) return;
    const tooMany = multiple ? uploadCountError(current.length + files.length, max) : null;
    if (tooMany) return setError(tooMany);
    setError(null);
    setStatus('uploading');
    try {
      const urls = await upload(multiple ? files : files.slice(0, 1), folder);
      onChange(multiple ? [...current, ...urls] : urls[0]);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'attachment_file_error');
    } finally {
      setStatus('idle');
    }
  };

  return (
    <div className={css.upload}>
      <input
        id={id}
        type="file"
        accept={acceptOf(folder)}
        multiple={multiple}
        disabled={disabled || readonly || status === 'uploading'}
        aria-required={required}
        aria-describedby={`${id}-upload-status`}
        onChange={(event) => void onFiles(event)}
      />
      <p id={`${id}-upload-status`} className={muted} role="status">
        {status === 'uploading' ? t('join.uploading') : t(`join.uploadHint.${folder}`)}
      </p>
      {error && <p className={fieldError}>{t(`formErrors.${error}`, { defaultValue: t(error) })}</p>}
      {current.length > 0 && (
        <ul className={css.files}>
          {current.map((url) => (
            <li key={url}>
              <a href={url} target="_blank" rel="noreferrer">
                {fileName(url)}
              </a>{' '}
              <button
                type="button"
                className={css.linkButton}
                onClick={() => onChange(multiple ? current.filter((item) => item !== url) : undefined)}
                aria-label={t('join.removeFile', { name: fileName(url) })}
              >
                {t('join.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
