import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { PaymentMethod } from '../../../../schemas/codes';
import { QueryState } from '../../../components/query-state';
import { card, page } from '../../../components/ui.css';
import { useNamespace } from '../../../lib/i18n/namespace';
import { useDocumentTitle } from '../../../tenant/use-document-title';
import { AccountNav } from '../../account';
import { ConsentGate } from '../../personal-data';
import { useFeeGuaranteeAppointmentQuery, useFeeGuaranteesQuery } from '../api';
import { RequestForm } from '../components/request-form';
import * as css from '../fee-guarantee.css';
import { feeGuaranteeNs } from '../i18n/namespace';
import { feeGuaranteePaths, idOf } from '../paths';

/**
 * /me/fee-guarantee/new[?appointmentId=]: the request form, behind the health-data consent
 * (ConsentGate). From an appointment it is prefilled from it; an appointment not booked with
 * payment method 3 says why no request can start from it.
 */
export function Component() {
  const { t, ready } = useNamespace(feeGuaranteeNs);
  const main = useTranslation();
  const [search] = useSearchParams();
  const appointmentId = idOf(search.get('appointmentId') ?? undefined);
  const appointment = useFeeGuaranteeAppointmentQuery(appointmentId, { skip: !appointmentId });
  useDocumentTitle(ready ? t('form.title') : '');
  // A live request of this appointment already exists: go to it instead of a second form.
  const existing = useFeeGuaranteesQuery(
    { pageNumber: 1, appointmentId },
    { skip: !appointmentId, refetchOnMountOrArgChange: true },
  );
  const live = existing.data?.feeGuarantees.find((f) => ['waiting', 'approved', 'signed'].includes(f.status));
  const wrongMethod =
    appointment.data && appointment.data.paymentMethod !== PaymentMethod.RequestForMedicalFeeCoverage;

  return (
    <div className={`${page} ${css.layout}`}>
      <AccountNav />
      <div className={css.stack}>
        <h1>{ready ? t('title') : '…'}</h1>
        {ready && (
          <QueryState
            isLoading={!!appointmentId && (appointment.isLoading || existing.isLoading)}
            isError={!!appointmentId && appointment.isError}
            isEmpty={false}
            onRetry={appointment.refetch}
          >
            {live ? (
              <p role="status">
                {main.t('fee_guarantee_exists')}{' '}
                <Link to={feeGuaranteePaths.detail(live.feeGuaranteeId)}>{t('view')}</Link>
              </p>
            ) : wrongMethod ? (
              <p role="alert" className={css.error}>
                {main.t('fee_guarantee_payment_method')}
              </p>
            ) : (
              <ConsentGate>
                <section className={card}>
                  <RequestForm appointment={appointmentId ? (appointment.data ?? null) : null} />
                </section>
              </ConsentGate>
            )}
            <p>
              <Link to={feeGuaranteePaths.list}>{t('detail.back')}</Link>
            </p>
          </QueryState>
        )}
      </div>
    </div>
  );
}
