import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { DATE_FILTERS, type DateFilter } from '../../../../schemas/codes';
import type { Prefetch } from '../../../app/route-entry';
import { Dialog } from '../../../components/dialog';
import { Pager } from '../../../components/pager';
import { QueryState } from '../../../components/query-state';
import { button, page } from '../../../components/ui.css';
import { useNamespace } from '../../../lib/i18n/namespace';
import { replyOf, replyText } from '../../../lib/reply';
import { showToast } from '../../../lib/toast/toast-store';
import { useStoredUser } from '../../../lib/use-stored-user';
import { readUser } from '../../../lib/user-storage';
import { useBookingRules, useZoneLabel } from '../../../tenant/use-booking-rules';
import { useDocumentTitle } from '../../../tenant/use-document-title';
import { useTranslation } from 'react-i18next';
import { AccountNav } from '../../account';
import { usePatientsQuery } from '../../family';
import { ConsentGate } from '../../personal-data';
import {
  healthRecordsApi,
  useDeleteHealthRecordFileMutation,
  useDeleteHealthRecordMutation,
  useHealthRecordsQuery,
  type HealthRecord,
  type HealthRecordFile,
} from '../api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { FileViewer } from '../components/file-viewer';
import { RecordCard } from '../components/record-card';
import { RecordForm } from '../components/record-form';
import * as css from '../health-records.css';
import { healthRecordsNs } from '../i18n/namespace';
import { HEALTH_RECORDS_PATH, recordsSearchOf, recordsViewOf, type HealthRecordsView } from '../list-params';

/** The first page's request starts with the page's code (same arguments as the hook below). */
export const prefetch: Prefetch = (dispatch, { search }) => {
  const user = readUser();
  if (!user) return;
  void dispatch(
    healthRecordsApi.util.prefetch('healthRecords', { userId: user.userId, ...recordsViewOf(search) }, {}),
  );
};

type Deleting = { kind: 'record'; record: HealthRecord } | { kind: 'file'; file: HealthRecordFile };

/**
 * /me/health-records/: the user's health records and their family members', filtered by type,
 * person and date (the spec's date filters, in the hospital's zone), 15 a page; add one (inside
 * the health-data consent gate), view a file inline, download it, delete a file or a record after
 * a confirmation.
 */
export function Component() {
  const { t, ready } = useNamespace(healthRecordsNs);
  const { t: tr } = useTranslation();
  const user = useStoredUser();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const view = recordsViewOf(search);
  const { timeZone } = useBookingRules();
  const zoneLabel = useZoneLabel(timeZone);
  const patients = usePatientsQuery();
  const records = useHealthRecordsQuery({ userId: user?.userId ?? 0, ...view }, { skip: !user });
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<HealthRecordFile | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const [deleteRecord] = useDeleteHealthRecordMutation();
  const [deleteFile] = useDeleteHealthRecordFileMutation();
  useDocumentTitle(tr('account.healthRecords'));

  const go = (next: Partial<HealthRecordsView>) =>
    navigate(`${HEALTH_RECORDS_PATH}${recordsSearchOf({ ...view, pageNumber: 1, ...next })}`, {
      preventScrollReset: true,
    });
  const confirmDelete = async (): Promise<string | null> => {
    if (!deleting) return null;
    const reply = replyOf(
      deleting.kind === 'record'
        ? await deleteRecord(deleting.record.healthRecordId)
        : await deleteFile(deleting.file.fileId),
    );
    if (!reply?.isSuccess) return replyText(tr, reply, 'something_went_wrong');
    showToast(t(deleting.kind === 'record' ? 'recordDeleted' : 'fileDeleted'), 'success');
    return null;
  };
  const list = records.currentData?.userHealthRecords ?? [];
  const filtered = view.duration !== 'all' || view.recordType !== null || view.patientId !== null;

  return (
    <div className={`${page} ${css.layout}`}>
      <AccountNav />
      <div>
        <div className={css.header}>
          <h1>{tr('account.healthRecords')}</h1>
          {ready && (
            <button type="button" className={button.primary} onClick={() => setAdding(true)}>
              {t('add')}
            </button>
          )}
        </div>
        {ready && (
          <fieldset className={css.filters}>
            <legend className={css.term}>{t('filtersTitle')}</legend>
            <div className={css.filter}>
              <label htmlFor="hr-type">{t('type')}</label>
              <select
                id="hr-type"
                className={css.select}
                value={view.recordType ?? ''}
                onChange={(event) =>
                  go({ recordType: event.target.value === '' ? null : Number(event.target.value) })
                }
              >
                <option value="">{t('allTypes')}</option>
                {[0, 1, 2, 3].map((value) => (
                  <option key={value} value={value}>
                    {t(`types.${value}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className={css.filter}>
              <label htmlFor="hr-member">{t('member')}</label>
              <select
                id="hr-member"
                className={css.select}
                value={view.patientId ?? ''}
                onChange={(event) => go({ patientId: Number(event.target.value) || null })}
              >
                <option value="">{t('allMembers')}</option>
                {(patients.data ?? []).map((p) => (
                  <option key={p.patientId} value={p.patientId}>
                    {p.fullName}
                  </option>
                ))}
              </select>
            </div>
            <div className={css.filter}>
              <label htmlFor="hr-duration">{t('duration')}</label>
              <select
                id="hr-duration"
                className={css.select}
                value={view.duration}
                onChange={(event) => go({ duration: event.target.value as DateFilter })}
              >
                {DATE_FILTERS.map((filter) => (
                  <option key={filter} value={filter}>
                    {t(`durations.${filter}`)}
                  </option>
                ))}
              </select>
            </div>
          </fieldset>
        )}
        {ready && zoneLabel && <p>{t('timesIn', { zone: zoneLabel })}</p>}
        <QueryState
          isLoading={!ready || (records.isFetching && !records.currentData)}
          isError={records.isError}
          isEmpty={list.length === 0}
          onRetry={records.refetch}
          emptyText={ready ? t(filtered ? 'emptyFiltered' : 'empty') : ''}
        >
          <ul className={css.list} aria-label={t('listLabel')}>
            {list.map((record) => (
              <li key={record.healthRecordId}>
                <RecordCard
                  record={record}
                  timeZone={timeZone}
                  onView={setViewing}
                  onDeleteFile={(file) => setDeleting({ kind: 'file', file })}
                  onDeleteRecord={(r) => setDeleting({ kind: 'record', record: r })}
                />
              </li>
            ))}
          </ul>
          {records.currentData && (
            <Pager
              pagination={records.currentData.pagination}
              hrefFor={(pageNumber) => `${HEALTH_RECORDS_PATH}${recordsSearchOf({ ...view, pageNumber })}`}
            />
          )}
        </QueryState>
      </div>
      {ready && (
        <Dialog open={adding} title={t('addTitle')} onClose={() => setAdding(false)}>
          <ConsentGate>
            <RecordForm
              onCancel={() => setAdding(false)}
              onDone={() => {
                setAdding(false);
                showToast(t('created'), 'success');
              }}
            />
          </ConsentGate>
        </Dialog>
      )}
      <FileViewer file={viewing} onClose={() => setViewing(null)} />
      {deleting && (
        <ConfirmDialog
          title={t(deleting.kind === 'record' ? 'confirmDeleteRecordTitle' : 'confirmDeleteFileTitle')}
          text={
            deleting.kind === 'record'
              ? t('confirmDeleteRecord', { name: deleting.record.recordName })
              : t('confirmDeleteFile', { name: deleting.file.fileName })
          }
          onConfirm={confirmDelete}
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
