import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { AppointmentStatus } from '../../../../schemas/codes';
import { QueryState } from '../../../components/query-state';
import { button, card, page } from '../../../components/ui.css';
import { bookAppointmentUrl, paths } from '../../../../schemas/paths';
import { formatZonedTime } from '../../../../schemas/time';
import { usePageMeta } from '../../../tenant/use-page-meta';
import { FeeGuaranteeLink } from '../../fee-guarantee';
import { NotificationPermissionCard } from '../../permissions';
import { useBookedAppointmentQuery } from '../api';
import * as css from '../booking.css';
import { AppointmentFacts } from '../components/appointment-facts';

const idOf = (value: string | undefined) => (value && /^\d{1,15}$/.test(value) ? Number(value) : 0);

type Outcome = 'booked' | 'waiting' | 'failed' | 'cancelled' | 'completed';

function outcomeOf(status: number, payment: string | null): Outcome {
  if (status === AppointmentStatus.PaymentCancel || status === AppointmentStatus.PaymentFailed)
    return 'failed';
  if (status === AppointmentStatus.Cancelled) return 'cancelled';
  if (status === AppointmentStatus.Completed) return 'completed';
  if (status === AppointmentStatus.PaymentInitiated) return payment === 'failed' ? 'failed' : 'waiting';
  return 'booked';
}

/**
 * Appointment Confirmed: where the booking (and the payment provider's return, with
 * ?payment=success|failed|invalid) lands. Shows the appointment's state and facts; a failed or
 * lapsed payment says so and offers to book again. While the payment is still being confirmed
 * (PaymentInitiated) it asks again every few seconds. A booked appointment is where the app asks
 * for notification permission, saying why (spec section 4: reminders before the appointment).
 */
export function Component() {
  const { t } = useTranslation();
  const id = idOf(useParams().id);
  const [search] = useSearchParams();
  const payment = search.get('payment');
  const { data, isLoading, error, refetch } = useBookedAppointmentQuery(id, { skip: !id });
  const waiting = data?.status === AppointmentStatus.PaymentInitiated && payment !== 'failed';
  useBookedAppointmentQuery(id, { skip: !id || !waiting, pollingInterval: 3000 });
  usePageMeta(t('booking.confirmedTitle'), t('booking.confirmedTitle'));
  const outcome = data ? outcomeOf(data.status, payment) : null;
  const notFound = !id || (!!error && 'status' in error && error.status === 404);
  return (
    <div className={page}>
      <h1>{t('booking.confirmedTitle')}</h1>
      <QueryState
        isLoading={isLoading}
        isError={!!error && !notFound}
        isEmpty={notFound || !data}
        emptyText={t('appointment_error')}
        onRetry={refetch}
        skeletons={2}
      >
        {data && outcome && (
          <section className={`${card} ${css.step}`} aria-labelledby="booking-outcome">
            <h2
              id="booking-outcome"
              className={outcome === 'failed' || outcome === 'cancelled' ? css.statusBad : css.statusOk}
            >
              {t(`booking.outcome.${outcome}`)}
            </h2>
            <p role="status">
              {outcome === 'waiting' && data.holdExpiresAt
                ? t('booking.outcomeText.waiting', {
                    time: formatZonedTime(data.holdExpiresAt, data.timeZone),
                  })
                : t(`booking.outcomeText.${outcome}`)}
            </p>
            {payment === 'invalid' && <p className={css.notice}>{t('booking.paymentInvalid')}</p>}
            <p>
              {t('booking.status')}: <strong>{t(`booking.statuses.${data.status}`)}</strong>
            </p>
            <AppointmentFacts appointment={data} />
            <div className={css.actions}>
              {outcome === 'failed' && (
                <Link
                  className={button.primary}
                  to={bookAppointmentUrl({ doctorId: data.doctorId, serviceType: data.serviceTypeId })}
                >
                  {t('booking.bookAgain')}
                </Link>
              )}
              {(outcome === 'booked' || outcome === 'completed') && (
                <Link className={button.primary} to={paths.receipt(data.appointmentId)}>
                  {t('booking.viewReceipt')}
                </Link>
              )}
              {outcome !== 'failed' && outcome !== 'cancelled' && (
                <FeeGuaranteeLink appointmentId={data.appointmentId} paymentMethod={data.paymentMethod} />
              )}
              <Link className={button.secondary} to={paths.appointments}>
                {t('booking.myAppointments')}
              </Link>
            </div>
          </section>
        )}
        {outcome === 'booked' && <NotificationPermissionCard />}
      </QueryState>
    </div>
  );
}
