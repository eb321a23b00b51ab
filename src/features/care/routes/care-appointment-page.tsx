import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { ServiceType } from '../../../../schemas/codes';
import { QueryState } from '../../../components/query-state';
import { button, card, page } from '../../../components/ui.css';
import { paths } from '../../../../schemas/paths';
import { useNamespace } from '../../../lib/i18n/namespace';
import { downloadPrivateFile } from '../../../lib/private-files';
import { keyText } from '../../../lib/reply';
import { formatLocalDate, formatZonedDateTime } from '../../../../schemas/time';
import { showToast } from '../../../lib/toast/toast-store';
import { useDocumentTitle } from '../../../tenant/use-document-title';
import { statusKey } from '../../appointments';
import { videoCallPath } from '../../video-call';
import {
  useCareAppointmentQuery,
  useCareMeQuery,
  useMarkNoShowMutation,
  type CareAppointmentDetail,
} from '../api';
import { CancelForm } from '../components/cancel-form';
import { CareGate } from '../components/care-gate';
import { CompleteForm } from '../components/complete-form';
import { NoteView } from '../components/note-view';
import * as css from '../care.css';
import { careNs } from '../i18n/namespace';

/**
 * /care/appointments/:id: one appointment as the doctor (or hospital staff) works it: patient,
 * time on the hospital's clock, symptoms and note, attachments, the health records and earlier
 * consultations the patient shared (reading them is logged for the patient), the video call's
 * window, then complete with the note, cancel, or mark a no-show. Another doctor's or
 * hospital's appointment is "does not exist" (the API answers 404).
 */
export function Component() {
  const { t, ready } = useNamespace(careNs);
  return ready ? (
    <CareGate title={t('title')} notForYou={t('notForYou')}>
      <AppointmentView />
    </CareGate>
  ) : null;
}

function AppointmentView() {
  const { t } = useNamespace(careNs);
  const { t: tr } = useTranslation();
  const id = Number(useParams().id);
  const query = useCareAppointmentQuery(id, { skip: !Number.isSafeInteger(id) || id < 1 });
  const me = useCareMeQuery();
  const a = query.currentData;
  useDocumentTitle(t('title'));
  const notFound =
    query.isError && 'status' in (query.error ?? {}) && (query.error as { status: unknown }).status === 404;
  return (
    <div className={page}>
      <p>
        <Link to={paths.care}>{t('back')}</Link>
      </p>
      {notFound ? (
        <p role="alert">{tr('appointment_error')}</p>
      ) : (
        <QueryState
          isLoading={query.isLoading}
          isError={query.isError}
          isEmpty={!a}
          onRetry={() => void query.refetch()}
        >
          {a && <Details a={a} role={me.data?.role ?? 'doctor'} />}
        </QueryState>
      )}
    </div>
  );
}

function Details({ a, role }: { a: CareAppointmentDetail; role: string }) {
  const { t } = useNamespace(careNs);
  const { t: tr } = useTranslation();
  const [noShow, noShowState] = useMarkNoShowMutation();
  const [cancelling, setCancelling] = useState(false);
  const when = (iso: string) => formatZonedDateTime(iso, a.timeZone);
  const download = (url: string, name: string) =>
    downloadPrivateFile(url, name).catch((error: Error) =>
      showToast(keyText(tr, error.message) ?? tr('something_went_wrong'), 'error'),
    );
  const markNoShow = async () => {
    const reply = await noShow(a.appointmentId);
    const data = 'data' in reply ? reply.data : null;
    showToast(
      data?.isSuccess
        ? t('noShowDone')
        : (keyText(tr, data?.codeMessageRespond) ?? tr('something_went_wrong')),
      data?.isSuccess ? 'success' : 'error',
    );
  };
  return (
    <>
      <h1>
        {a.patientName} · {a.appointmentNumber}
      </h1>
      <dl className={css.facts}>
        <dt className={css.term}>{t('when')}</dt>
        <dd>{when(a.startsAt)}</dd>
        <dt className={css.term}>{t('patient')}</dt>
        <dd>
          {a.patientName}
          {a.patientGender && `, ${t(`gender.${a.patientGender}`)}`}
          {a.patientDateOfBirth && `, ${t('born')} ${formatLocalDate(a.patientDateOfBirth)}`}
        </dd>
        <dt className={css.term}>{t('place')}</dt>
        <dd>
          {t(`service.${a.serviceTypeId}`)}
          {a.hospitalName && ` · ${a.hospitalName}`}
          {a.queueNumber !== null && ` · ${t('queue', { n: a.queueNumber })}`}
        </dd>
        <dt className={css.term}>{t('doctor')}</dt>
        <dd>{a.doctorName}</dd>
        <dt className={css.term}>{tr('appointments.statusLabel')}</dt>
        <dd>
          {tr(statusKey(a))}
          {a.cancelReason && ` · ${t('cancelledReason', { reason: a.cancelReason })}`}
        </dd>
        <dt className={css.term}>{t('symptoms')}</dt>
        <dd>{a.symptoms.length ? a.symptoms.join(', ') : t('none')}</dd>
        <dt className={css.term}>{t('patientNote')}</dt>
        <dd>{a.note || t('none')}</dd>
      </dl>

      {(a.serviceTypeId === ServiceType.VideoConsulting || a.serviceTypeId === ServiceType.DirectCall) && (
        <section className={css.section} aria-labelledby="care-call">
          <h2 id="care-call">{t('call.title')}</h2>
          <p>{t(`call.${a.call.state}`, { time: when(a.call.joinOpensAt) })}</p>
          {a.call.state === 'ok' && (
            <Link className={button.primary} to={videoCallPath(a.appointmentId)}>
              {t('call.join')}
            </Link>
          )}
        </section>
      )}

      {a.attachments.length > 0 && (
        <section className={css.section} aria-labelledby="care-attachments">
          <h2 id="care-attachments">{t('attachments')}</h2>
          <ul>
            {a.attachments.map((f) => (
              <li key={f.attachmentId}>
                <button
                  type="button"
                  className={button.secondary}
                  onClick={() =>
                    void download(
                      `/api/v1/Care/Appointments/${a.appointmentId}/Attachments/${f.attachmentId}`,
                      f.fileName,
                    )
                  }
                >
                  {t('download', { name: f.fileName })}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className={css.section} aria-labelledby="care-records">
        <h2 id="care-records">{t('sharedRecords')}</h2>
        {a.sharedRecords.length === 0 ? (
          <p>{t('none')}</p>
        ) : (
          <>
            <p>{t('sharedRecordsNote')}</p>
            <ul className={css.list}>
              {a.sharedRecords.map((r) => (
                <li key={r.healthRecordId} className={card}>
                  <strong>{r.recordName}</strong>
                  {r.remark && <p>{r.remark}</p>}
                  <ul>
                    {r.files.map((f) => (
                      <li key={f.fileId}>
                        <button
                          type="button"
                          className={button.secondary}
                          onClick={() =>
                            void download(
                              `/api/v1/Care/Appointments/${a.appointmentId}/HealthRecordFiles/${f.fileId}`,
                              f.fileName,
                            )
                          }
                        >
                          {t('download', { name: f.fileName })}
                        </button>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      {a.sharedConsultations.length > 0 && (
        <section className={css.section} aria-labelledby="care-shared-notes">
          <h2 id="care-shared-notes">{t('sharedConsultations')}</h2>
          {a.sharedConsultations.map((n) => (
            <NoteView key={n.consultationId} note={n} timeZone={a.timeZone} headingLevel={3} />
          ))}
        </section>
      )}

      {a.consultations.length > 0 && (
        <section className={css.section} aria-labelledby="care-notes">
          <h2 id="care-notes">{t('consultations')}</h2>
          {a.consultations.map((n) => (
            <NoteView key={n.consultationId} note={n} timeZone={a.timeZone} headingLevel={3} />
          ))}
        </section>
      )}

      {a.canComplete && <CompleteForm appointmentId={a.appointmentId} />}

      {(a.canCancel || a.canMarkNoShow) && (
        <div className={css.actions}>
          {a.canMarkNoShow && (
            <button
              type="button"
              className={button.secondary}
              disabled={noShowState.isLoading}
              onClick={() => void markNoShow()}
            >
              {t('noShow')}
            </button>
          )}
          {a.canCancel && !cancelling && (
            <button type="button" className={button.secondary} onClick={() => setCancelling(true)}>
              {t(role === 'hospital' ? 'cancelAsHospital' : 'cancelAsDoctor')}
            </button>
          )}
        </div>
      )}
      {cancelling && a.canCancel && (
        <CancelForm appointmentId={a.appointmentId} onClose={() => setCancelling(false)} />
      )}
    </>
  );
}
