import { useTranslation } from 'react-i18next';
import { muted } from '../../../components/ui.css';
import { useHospitalClock } from '../../../tenant/use-booking-rules';
import { useConsultationsQuery } from '../api';
import * as css from '../appointments.css';

/** Consultation notes and prescriptions of an appointment (GetAllConsulationByAppointment). */
export function ConsultationsSection({ appointmentId }: { appointmentId: number }) {
  const clock = useHospitalClock();
  const { t } = useTranslation();
  const { data, isError } = useConsultationsQuery(appointmentId);
  return (
    <section className={css.section} aria-labelledby="consultations-title">
      <h2 id="consultations-title" className={css.sectionTitle}>
        {t('appointments.consultations')}
      </h2>
      {isError && <p className={muted}>{t('state.error')}</p>}
      {data?.length === 0 && <p className={muted}>{t('appointments.noConsultations')}</p>}
      {data?.map((c) => (
        <article key={c.consultationId} className={css.section} aria-label={clock.dateTime(c.createdAt)}>
          <p className={muted}>
            {c.doctorName} · {clock.dateTime(c.createdAt)}
          </p>
          <dl className={css.facts}>
            {c.diagnosis && (
              <>
                <dt>{t('appointments.diagnosis')}</dt>
                <dd>{c.diagnosis}</dd>
              </>
            )}
            {c.note && (
              <>
                <dt>{t('appointments.consultationNote')}</dt>
                <dd>{c.note}</dd>
              </>
            )}
            {c.advice && (
              <>
                <dt>{t('appointments.advice')}</dt>
                <dd>{c.advice}</dd>
              </>
            )}
          </dl>
          {c.prescription.length > 0 && (
            <div className={css.tableWrap}>
              <table className={css.table}>
                <caption>{t('appointments.prescription')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('appointments.medicine')}</th>
                    <th scope="col">{t('appointments.dosage')}</th>
                    <th scope="col">{t('appointments.frequency')}</th>
                    <th scope="col">{t('appointments.days')}</th>
                    <th scope="col">{t('appointments.medicineNote')}</th>
                  </tr>
                </thead>
                <tbody>
                  {c.prescription.map((item, index) => (
                    <tr key={index}>
                      <td>{item.name}</td>
                      <td>{item.dosage}</td>
                      <td>{item.frequency}</td>
                      <td>{item.days}</td>
                      <td>{item.note}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </article>
      ))}
    </section>
  );
}
