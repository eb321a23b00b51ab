import { useId } from 'react';
import { useNamespace } from '../../../lib/i18n/namespace';
import { usePatientsQuery } from '../../family';
import { useInsuranceProfilesQuery } from '../api';
import { insuranceNs } from '../i18n/namespace';
import * as css from '../insurance.css';

/**
 * "Fill from an insurance profile": the claim's company, insured name, policy (contract) number,
 * birth date and ID number taken from one of the user's profiles and its person; every answer can
 * still be changed. Nothing is shown without a profile.
 */
export function ProfilePrefill({ onFill }: { onFill: (answers: Record<string, unknown>) => void }) {
  const { t } = useNamespace(insuranceNs);
  const id = useId();
  const profiles = useInsuranceProfilesQuery().data ?? [];
  const patients = usePatientsQuery().data ?? [];
  if (profiles.length === 0) return null;
  const fill = (profileId: number) => {
    const profile = profiles.find((p) => p.insuranceProfileId === profileId);
    if (!profile) return;
    const person = patients.find((p) => p.patientId === profile.patientId);
    const answers: Record<string, unknown> = {
      insuranceCompanyId: profile.insuranceCompanyId,
      insuredName: profile.insuredName,
    };
    if (profile.contractNumber) answers.policyNumber = profile.contractNumber;
    if (person?.dateOfBirth) answers.dateOfBirth = person.dateOfBirth.slice(0, 10);
    if (person?.idNumber) answers.idNumber = person.idNumber;
    onFill(answers);
  };
  return (
    <div className={css.prefill}>
      <label htmlFor={id}>{t('claims.prefill')}</label>
      <select
        id={id}
        className={css.select}
        defaultValue=""
        onChange={(event) => fill(Number(event.target.value))}
      >
        <option value="">{t('choose')}</option>
        {profiles.map((p) => (
          <option key={p.insuranceProfileId} value={p.insuranceProfileId}>
            {p.insuredName} · {p.insuranceCompanyName}
          </option>
        ))}
      </select>
    </div>
  );
}
