import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Patient } from '../../../../schemas/patients';
import { Dialog } from '../../../components/dialog';
import { QueryState } from '../../../components/query-state';
import { button, card, page } from '../../../components/ui.css';
import { replyOf, replyText } from '../../../lib/reply';
import { showToast } from '../../../lib/toast/toast-store';
import { useDocumentTitle } from '../../../tenant/use-document-title';
import { AccountNav, accountLayout } from '../../account';
import { useDeletePatientMutation, usePatientsQuery } from '../api';
import { PatientFormDialog } from '../components/patient-form-dialog';
import * as css from '../family.css';
import { ageText } from '../patient-form-spec';

/** dd/MM/yyyy (spec section 9) from 'YYYY-MM-DD'. */
const dayText = (day: string | null) => (day ? day.split('-').reverse().join('/') : '');

/** /me/family-member: myself and family members; add, edit, delete (with confirmation). */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('account.familyMember'));
  const patients = usePatientsQuery();
  const [editing, setEditing] = useState<Patient | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Patient | null>(null);
  const [deletePatient, deleteState] = useDeletePatientMutation();
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    const reply = replyOf(await deletePatient(deleting.patientId));
    if (reply?.isSuccess) {
      showToast(t('family.deleted', { name: deleting.fullName }), 'success');
      setDeleting(null);
    } else setDeleteError(replyText(t, reply));
  };

  const gender = (value: string | null) =>
    value === 'M' ? t('filters.male') : value === 'F' ? t('filters.female') : '';

  return (
    <div className={`${page} ${accountLayout}`}>
      <AccountNav />
      <div>
        <div className={css.itemHeader}>
          <h1>{t('account.familyMember')}</h1>
          <button type="button" className={button.primary} onClick={() => setEditing(null)}>
            {t('family.add')}
          </button>
        </div>
        <QueryState
          isLoading={patients.isLoading}
          isError={patients.isError}
          isEmpty={!patients.data?.length}
          onRetry={patients.refetch}
        >
          <ul className={css.list}>
            {(patients.data ?? []).map((patient) => {
              const rows: [string, string][] = [
                [t('family.fields.gender'), gender(patient.gender)],
                [t('family.fields.dateOfBirth'), dayText(patient.dateOfBirth)],
                [t('family.ageLabel'), ageText(t, patient.age)],
                [t('family.fields.idNumber'), patient.idNumber ?? ''],
                [t('family.fields.mobileNumber'), patient.mobileNumber ?? ''],
                [t('family.fields.zaloNumber'), patient.zaloNumber ?? ''],
                [t('family.fields.email'), patient.email ?? ''],
                [t('family.fields.addressId'), patient.addressText ?? ''],
              ];
              return (
                <li key={patient.patientId} className={`${card} ${css.item}`}>
                  <div className={css.itemHeader}>
                    <h2 className={css.name}>
                      {patient.fullName || t('family.noName')}{' '}
                      <span className={css.badge}>
                        {patient.isSelf ? t('family.myself') : patient.relationName}
                      </span>
                    </h2>
                    <div className={css.actions}>
                      <button
                        type="button"
                        className={button.secondary}
                        onClick={() => setEditing(patient)}
                        aria-label={t('family.editNamed', { name: patient.fullName })}
                      >
                        {t('family.editShort')}
                      </button>
                      {!patient.isSelf && (
                        <button
                          type="button"
                          className={button.ghost}
                          onClick={() => {
                            setDeleteError(null);
                            setDeleting(patient);
                          }}
                          aria-label={t('family.deleteNamed', { name: patient.fullName })}
                        >
                          {t('family.delete')}
                        </button>
                      )}
                    </div>
                  </div>
                  {patient.missing.length > 0 && <p className={css.warning}>{t('family.missingShort')}</p>}
                  <dl className={css.details}>
                    {rows
                      .filter(([, value]) => value)
                      .map(([label, value]) => (
                        <Fragment key={label}>
                          <dt>{label}</dt>
                          <dd>{value}</dd>
                        </Fragment>
                      ))}
                  </dl>
                </li>
              );
            })}
          </ul>
        </QueryState>
      </div>
      <PatientFormDialog
        open={editing !== undefined}
        patient={editing}
        onClose={() => setEditing(undefined)}
        onSaved={(saved) => {
          setEditing(undefined);
          showToast(t('family.saved', { name: saved.fullName }), 'success');
        }}
      />
      <Dialog open={deleting !== null} title={t('family.deleteTitle')} onClose={() => setDeleting(null)}>
        <p>{t('family.deleteConfirm', { name: deleting?.fullName ?? '' })}</p>
        {deleteError && (
          <p role="alert" className={css.error}>
            {deleteError}
          </p>
        )}
        <div className={css.actions}>
          <button
            type="button"
            className={button.primary}
            disabled={deleteState.isLoading}
            onClick={() => void confirmDelete()}
          >
            {t('family.delete')}
          </button>
          <button type="button" className={button.ghost} onClick={() => setDeleting(null)}>
            {t('family.cancel')}
          </button>
        </div>
      </Dialog>
    </div>
  );
}
