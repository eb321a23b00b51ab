import { formatVnd } from '../../../lib/i18n/format-money';
import { useNamespace } from '../../../lib/i18n/namespace';
import { formatZonedDateTime } from '../../../../schemas/time';
import { useBookingRules } from '../../../tenant/use-booking-rules';
import type { FeeGuarantee } from '../api';
import * as css from '../fee-guarantee.css';
import { feeGuaranteeNs } from '../i18n/namespace';
import { StatusText } from './status-text';

/** A request's facts as a description list (times in the tenant's zone). */
export function RequestFacts({ request: f }: { request: FeeGuarantee }) {
  const { t, i18n } = useNamespace(feeGuaranteeNs);
  const { timeZone } = useBookingRules();
  const rows: [string, React.ReactNode][] = [
    ['status', <StatusText key="s" status={f.status} label={t(`statuses.${f.status}`)} />],
    ['patient', f.patientName],
    ['hospital', f.hospitalName],
    ...(f.appointmentNumber ? [['appointment', f.appointmentNumber] as [string, string]] : []),
    ['insuranceCompany', f.insuranceCompany],
    ['policyNumber', f.policyNumber],
    ...(f.estimatedAmount !== null
      ? [['estimatedAmount', formatVnd(f.estimatedAmount, i18n.language)] as [string, string]]
      : []),
    ...(f.approvedAmount !== null
      ? [['approvedAmount', formatVnd(f.approvedAmount, i18n.language)] as [string, string]]
      : []),
    ...(f.note ? [['note', f.note] as [string, string]] : []),
    ['createdAt', formatZonedDateTime(f.createdAt, timeZone)],
    ...(f.decidedAt ? [['decidedAt', formatZonedDateTime(f.decidedAt, timeZone)] as [string, string]] : []),
    ...(f.signedAt ? [['signedAt', formatZonedDateTime(f.signedAt, timeZone)] as [string, string]] : []),
  ];
  return (
    <dl className={css.facts}>
      {rows.map(([key, value]) => (
        <div key={key} className={css.row}>
          <dt className={css.term}>{t(`fields.${key}`)}</dt>
          <dd className={css.value}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
