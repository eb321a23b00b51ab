import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { AppointmentStatus } from '../../../../schemas/codes';
import { QueryState } from '../../../components/query-state';
import { RefundLines } from '../../../components/refund-lines';
import { button, card, muted, page } from '../../../components/ui.css';
import { paths } from '../../../../schemas/paths';
import { formatZonedDateTime } from '../../../../schemas/time';
import { useTenant } from '../../../tenant/tenant-context';
import { usePageMeta } from '../../../tenant/use-page-meta';
import {
  useBookedAppointmentQuery,
  useDownloadReceiptMutation,
  useReleaseInvoiceMutation,
  type AppointmentDetail,
} from '../api';
import { bookingFailure } from '../booking-errors';
import * as css from '../booking.css';
import { AppointmentFacts } from '../components/appointment-facts';
import { failureMessages } from '../components/failure-text';

const idOf = (value: string | undefined) => (value && /^\d{1,15}$/.test(value) ? Number(value) : 0);

/** An invoice is released for a booked or completed appointment with a price (the server's rule). */
const invoiceable = (a: AppointmentDetail) =>
  (a.status === AppointmentStatus.Booked || a.status === AppointmentStatus.Completed) && a.price > 0;

/**
 * Receipt: the appointment's invoice (released on first view through ReleaseAppointmentInvoice
 * when the appointment is booked or completed), what was paid and, for a paid-then-refunded
 * booking, where the money went back; a "Download PDF" button that fetches the PDF with the bearer
 * token and saves it; and the way back to the appointment.
 */
export function Component() {
  const { t } = useTranslation();
  const { bundle } = useTenant();
  const id = idOf(useParams().id);
  const appointment = useBookedAppointmentQuery(id, { skip: !id });
  const [release, released] = useReleaseInvoiceMutation();
  const [download, downloading] = useDownloadReceiptMutation();
  usePageMeta(t('booking.receiptTitle'), t('booking.receiptTitle'));
  const asked = useRef(0);
  useEffect(() => {
    if (id && appointment.data && invoiceable(appointment.data) && asked.current !== id) {
      asked.current = id;
      void release(id);
    }
  }, [id, appointment.data, release]);
  const canRelease = !!appointment.data && invoiceable(appointment.data);
  const invoice = canRelease
    ? released.data
    : appointment.data?.invoiceNumber
      ? { invoiceNumber: appointment.data.invoiceNumber, releasedAt: null, receiptUrl: null }
      : undefined;
  const notFound =
    !id || (!!appointment.error && 'status' in appointment.error && appointment.error.status === 404);
  return (
    <div className={page}>
      <h1>{t('booking.receiptTitle')}</h1>
      <QueryState
        isLoading={appointment.isLoading}
        isError={!!appointment.error && !notFound}
        isEmpty={notFound || !appointment.data}
        emptyText={t('appointment_error')}
        onRetry={appointment.refetch}
        skeletons={2}
      >
        {appointment.data && (
          <section className={`${card} ${css.step}`} aria-labelledby="receipt-heading">
            <h2 id="receipt-heading">{bundle.companyInfo.hospitalFullName || bundle.name.vi}</h2>
            {invoice ? (
              <p>
                {t('booking.invoiceNumber')}: <strong>{invoice.invoiceNumber}</strong>
                {invoice.releasedAt && (
                  <span className={muted}>
                    {' '}
                    · {formatZonedDateTime(invoice.releasedAt, appointment.data.timeZone)}
                  </span>
                )}
              </p>
            ) : !canRelease ? null : released.isError ? (
              <p className={css.errorText} role="alert">
                {failureMessages(t, bookingFailure(released.error)).join(' ')}
              </p>
            ) : (
              <p className={muted} role="status">
                {t('state.loading')}
              </p>
            )}
            <AppointmentFacts appointment={appointment.data} />
            {appointment.data.refunds.length > 0 && (
              <>
                <h3>{t('refund.title')}</h3>
                <RefundLines refunds={appointment.data.refunds} timeZone={appointment.data.timeZone} />
              </>
            )}
            <div className={css.actions}>
              <button
                type="button"
                className={button.primary}
                disabled={(canRelease && !invoice) || downloading.isLoading}
                aria-busy={downloading.isLoading || undefined}
                onClick={() => void download({ appointmentId: id, receiptUrl: invoice?.receiptUrl ?? null })}
              >
                {t('booking.downloadPdf')}
              </button>
              <Link className={button.secondary} to={`${paths.appointments}${id}`}>
                {t('booking.backToAppointment')}
              </Link>
            </div>
            {downloading.isError && (
              <p className={css.errorText} role="alert">
                {failureMessages(t, bookingFailure(downloading.error)).join(' ')}
              </p>
            )}
          </section>
        )}
      </QueryState>
    </div>
  );
}
