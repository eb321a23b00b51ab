import { Link } from 'react-router-dom';
import { PaymentMethod } from '../../../../schemas/codes';
import { button } from '../../../components/ui.css';
import { useNamespace } from '../../../lib/i18n/namespace';
import { useTenant } from '../../../tenant/tenant-context';
import { feeGuaranteeNs } from '../i18n/namespace';
import { feeGuaranteePaths } from '../paths';

/**
 * For an appointment booked with payment method 3 (RequestForMedicalFeeCoverage), on a tenant
 * with the `hospitalFeeGuarantee` feature: the way to its guarantee request. Nothing otherwise.
 */
export function FeeGuaranteeLink({
  appointmentId,
  paymentMethod,
  className,
}: {
  appointmentId: number;
  paymentMethod: number;
  className?: string;
}) {
  const { features } = useTenant().bundle;
  const { t, ready } = useNamespace(feeGuaranteeNs);
  if (
    paymentMethod !== PaymentMethod.RequestForMedicalFeeCoverage ||
    !features.hospitalFeeGuarantee ||
    !ready
  )
    return null;
  return (
    <Link
      className={className ?? button.secondary}
      to={feeGuaranteePaths.create(appointmentId)}
      title={t('link.hint')}
    >
      {t('link.request')}
    </Link>
  );
}
