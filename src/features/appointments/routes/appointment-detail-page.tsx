import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { AppointmentDetail } from '../../../../schemas/appointments';
import { AppointmentStatus, ServiceType } from '../../../../schemas/codes';
import type { Prefetch } from '../../../app/route-entry';
import { QueryState } from '../../../components/query-state';
import { RefundLines } from '../../../components/refund-lines';
import { card, muted, page } from '../../../components/ui.css';
import { useHospitalClock } from '../../../tenant/use-booking-rules';
import { formatVnd } from '../../../lib/i18n/format-money';
import { useDocumentTitle } from '../../../tenant/use-document-title';
import { AccountNav } from '../../account';
import { FeeGuaranteeLink } from '../../fee-guarantee';
import { appointmentsApi, useMyAppointmentQuery } from '../api';
import { AppointmentActions } from '../components/appointment-actions';
import { AppointmentFacts, DoctorHead } from '../components/appointment-card';
import { AppointmentTime } from '../components/appointment-time';
import { SharedHealthData } from '../../health-records';
import { AttachmentsSection } from '../components/attachments-section';
import { CheckTimeNotice } from '../components/check-time-notice';
import { ConsultationsSection } from '../components/consultations-section';
import { paymentMethodKey } from '../labels';
import { APPOINTMENTS_PATH } from '../links';
import { reasonText } from '../reasons';
import * as css from '../appointments.css';

const idOf = (value: string | undefined) => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

export const prefetch: Prefetch = (dispatch, { params }) => {
  const id = idOf(params.id);
  if (id !== null) void dispatch(appointmentsApi.util.prefetch('myAppointment', id, {}));
};

/** /me/appointments-list/:id: everything about one of the user's appointments. */
export function Component() {
  const { t } = useTranslation();
  const id = idOf(useParams().id);
  const { data, isLoading, isError, refetch } = useMyAppointmentQuery(id ?? 0, { skip: id === null });
  useDocumentTitle(
    data ? t('appointments.detailTitle', { number: data.appointmentNumber }) : t('account.appointments'),
  );
  return (
    <div className={`${page} ${css.layout}`}>
      <AccountNav />
      <div>
        <p>
          <Link to={APPOINTMENTS_PATH}>{t('appointments.backToList')}</Link>
        </p>
        <QueryState
          isLoading={isLoading}
          isError={isError || id === null}
          isEmpty={!data}
          onRetry={id === null ? undefined : refetch}
        >
          {data && <Detail appointment={data} />}
        </QueryState>
      </div>
    </div>
  );
}

function Detail({ appointment: a }: { appointment: AppointmentDetail }) {
  const clock = useHospitalClock();
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatVnd(amount, i18n.language);
  // A video consultation, or a direct call a doctor answered: both are held on the call screen.
  const video =
    (a.serviceTypeId === ServiceType.VideoConsulting || a.serviceTypeId === ServiceType.DirectCall) &&
    (a.status === AppointmentStatus.Booked || a.status === AppointmentStatus.Pending);
  return (
    <>
      <h1>{t('appointments.detailTitle', { number: a.appointmentNumber })}</h1>
      <section className={`${card} ${css.section}`} aria-label={t('appointments.summary')}>
        <DoctorHead appointment={a} />
        <AppointmentFacts appointment={a} />
        <div className={css.actions}>
          <AppointmentActions appointment={a} />
          <FeeGuaranteeLink appointmentId={a.appointmentId} paymentMethod={a.paymentMethod} />
        </div>
      </section>

      <div className={card}>
        {video && <CheckTimeNotice appointmentId={a.appointmentId} />}

        <section className={css.section} aria-labelledby="symptoms-title">
          <h2 id="symptoms-title" className={css.sectionTitle}>
            {t('appointments.symptoms')}
          </h2>
          {a.symptoms.length > 0 || a.otherSymptom || a.symptomsUnknown ? (
            <ul className={css.plainList}>
              {a.symptoms.map((s) => (
                <li key={s.symptomId}>{s.name}</li>
              ))}
              {a.otherSymptom && <li>{t('appointments.otherSymptom', { text: a.otherSymptom })}</li>}
              {a.symptomsUnknown && <li>{t('appointments.symptomsUnknown')}</li>}
            </ul>
          ) : (
            <p className={muted}>{t('appointments.none')}</p>
          )}
          <h3>{t('appointments.note')}</h3>
          <p>{a.note || <span className={muted}>{t('appointments.none')}</span>}</p>
          <h3>{t('appointments.healthRecords')}</h3>
          {a.healthRecords.length > 0 ? (
            <ul className={css.plainList}>
              {a.healthRecords.map((r) => (
                <li key={r.healthRecordId}>{r.recordName}</li>
              ))}
            </ul>
          ) : (
            <p className={muted}>{t('appointments.none')}</p>
          )}
        </section>

        <section className={css.section} aria-labelledby="payment-title">
          <h2 id="payment-title" className={css.sectionTitle}>
            {t('appointments.payment')}
          </h2>
          <dl className={css.facts}>
            <dt>{t('appointments.paymentMethodLabel')}</dt>
            <dd>{t(paymentMethodKey(a.paymentMethod))}</dd>
            <dt>{t('appointments.fee')}</dt>
            <dd>{money(a.price)}</dd>
            {a.discount > 0 && (
              <>
                <dt>{t('appointments.discount')}</dt>
                <dd>-{money(a.discount)}</dd>
              </>
            )}
            {a.walletAmount > 0 && (
              <>
                <dt>{t('appointments.wallet')}</dt>
                <dd>-{money(a.walletAmount)}</dd>
              </>
            )}
            <dt>{t('appointments.finalPrice')}</dt>
            <dd>
              <strong>{money(a.finalPrice)}</strong>
            </dd>
            {a.invoiceNumber && (
              <>
                <dt>{t('appointments.invoiceNumber')}</dt>
                <dd>{a.invoiceNumber}</dd>
              </>
            )}
            <dt>{t('appointments.bookedAt')}</dt>
            <dd>{clock.dateTime(a.createdAt)}</dd>
          </dl>
          <RefundLines refunds={a.refunds} timeZone={a.timeZone} />
        </section>

        {a.status === AppointmentStatus.Cancelled && (a.cancelReason || a.cancelRemark) && (
          <section className={css.section} aria-labelledby="cancel-title">
            <h2 id="cancel-title" className={css.sectionTitle}>
              {t('appointments.cancellation')}
            </h2>
            <dl className={css.facts}>
              {a.cancelReason && (
                <>
                  <dt>{t('appointments.cancelReason')}</dt>
                  <dd>{reasonText(t, a.cancelReason)}</dd>
                </>
              )}
              {a.cancelRemark && (
                <>
                  <dt>{t('appointments.remark')}</dt>
                  <dd>{a.cancelRemark}</dd>
                </>
              )}
            </dl>
          </section>
        )}

        {a.reschedules.length > 0 && (
          <section className={css.section} aria-labelledby="reschedules-title">
            <h2 id="reschedules-title" className={css.sectionTitle}>
              {t('appointments.rescheduleHistory')}
            </h2>
            <div className={css.tableWrap}>
              <table className={css.table} aria-labelledby="reschedules-title">
                <thead>
                  <tr>
                    <th scope="col">{t('appointments.previousDate')}</th>
                    <th scope="col">{t('appointments.newDate')}</th>
                    <th scope="col">{t('appointments.rescheduledBy')}</th>
                    <th scope="col">{t('appointments.reasonAndRemark')}</th>
                  </tr>
                </thead>
                <tbody>
                  {a.reschedules.map((r) => (
                    <tr key={`${r.createdAt}-${r.newStartsAt}`}>
                      <td>
                        <AppointmentTime startsAt={r.previousStartsAt} timeZone={a.timeZone} />
                      </td>
                      <td>
                        <AppointmentTime startsAt={r.newStartsAt} timeZone={a.timeZone} />
                      </td>
                      <td>{t(`appointments.by.${r.rescheduledBy}`, { defaultValue: r.rescheduledBy })}</td>
                      <td>
                        {reasonText(t, r.reason)}
                        {r.remark && <span className={css.zoneNote}>{r.remark}</span>}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        )}

        <ConsultationsSection appointmentId={a.appointmentId} />
        <AttachmentsSection appointmentId={a.appointmentId} />
        <SharedHealthData appointmentId={a.appointmentId} timeZone={a.timeZone} />
      </div>
    </>
  );
}
