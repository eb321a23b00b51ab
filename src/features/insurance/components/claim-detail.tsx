import { useTranslation } from 'react-i18next';
import type { FormOverride, JsonObject } from '../../../../schemas/forms/merge';
import { mergeFormSchema } from '../../../../schemas/forms/merge';
import { QueryState } from '../../../components/query-state';
import { button } from '../../../components/ui.css';
import { useNamespace } from '../../../lib/i18n/namespace';
import { downloadPrivateFile } from '../../../lib/private-files';
import { keyText } from '../../../lib/reply';
import { formatLocalDate, formatZonedDateTime } from '../../../../schemas/time';
import { showToast } from '../../../lib/toast/toast-store';
import { useTenant } from '../../../tenant/tenant-context';
import { useInsuranceClaimQuery } from '../api';
import { insuranceNs } from '../i18n/namespace';
import * as css from '../insurance.css';
import { vnd } from './claim-list';

const SHOWN = new Set([
  'insuranceCompanyId',
  'insuredName',
  'policyNumber',
  'dateOfBirth',
  'idNumber',
  'reason',
  'eventDate',
  'providerName',
  'claimAmount',
]);

/** One claim: its status (and the insurer's note), every answer (tenant questions too) and its files. */
export function ClaimDetail({ claimId, timeZone }: { claimId: number; timeZone: string }) {
  const { t, i18n } = useNamespace(insuranceNs);
  const { t: tr } = useTranslation();
  const { bundle } = useTenant();
  const claim = useInsuranceClaimQuery(claimId);
  const override = (bundle.forms as Record<string, FormOverride | undefined>)['insurance-claim'];
  const properties = mergeFormSchema('insurance-claim', override).schema.properties as Record<
    string,
    JsonObject
  >;
  const c = claim.data;
  const titleOf = (name: string) => {
    const titles = properties[name]?.['x-title'] as Record<string, string> | undefined;
    return titles?.[i18n.language] ?? (properties[name]?.title as string | undefined) ?? name;
  };
  const answerText = (value: unknown) =>
    typeof value === 'boolean'
      ? t(value ? 'yes' : 'no')
      : typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
        ? formatLocalDate(value)
        : String(value);
  const fact = (term: string, value: string | null) => (
    <div key={term}>
      <dt className={css.term}>{term}</dt>
      <dd className={css.value}>{value || t('notSet')}</dd>
    </div>
  );
  const download = (url: string, name: string) =>
    downloadPrivateFile(url, name, 'insurance_file_not_found').catch((error: Error) =>
      showToast(keyText(tr, error.message) ?? error.message, 'error'),
    );

  return (
    <QueryState isLoading={claim.isLoading} isError={claim.isError} isEmpty={false} onRetry={claim.refetch}>
      {c && (
        <div>
          <p>
            <span className={css.status}>{t(`status.${c.status}`)}</span>
            {c.statusChangedAt && ` ${formatZonedDateTime(c.statusChangedAt, timeZone)}`}
          </p>
          {c.statusNote && <p className={css.value}>{c.statusNote}</p>}
          <dl className={css.facts}>
            {fact(t('fields.insuranceCompanyId'), c.insuranceCompanyName)}
            {fact(t('fields.insuredName'), c.insuredName)}
            {fact(t('fields.policyNumber'), c.policyNumber)}
            {fact(t('fields.dateOfBirth'), c.dateOfBirth ? formatLocalDate(c.dateOfBirth) : null)}
            {fact(t('fields.idNumber'), c.idNumber)}
            {fact(t('fields.eventDate'), formatLocalDate(c.eventDate))}
            {fact(t('fields.providerName'), c.providerName)}
            {fact(t('fields.claimAmount'), vnd(c.claimAmount, i18n.language))}
            {fact(t('fields.reason'), c.reason)}
            {Object.entries(c.answers)
              .filter(([name]) => !SHOWN.has(name))
              .map(([name, value]) => fact(titleOf(name), answerText(value)))}
          </dl>
          <h3>{t('claims.files')}</h3>
          <ul className={css.list}>
            {c.files.map((f) => (
              <li key={f.insuranceClaimFileId}>
                <button
                  type="button"
                  className={button.ghost}
                  onClick={() => void download(f.fileHttpUrl, f.fileName)}
                >
                  {t(`fileKinds.${f.kind}`)}: {f.fileName}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </QueryState>
  );
}
