import type { FeeGuaranteeStatus } from '../api';
import * as css from '../fee-guarantee.css';

const TONE: Record<FeeGuaranteeStatus, string> = {
  waiting: '',
  approved: css.ok,
  signed: css.ok,
  rejected: css.bad,
  cancelled: '',
};

/** A request's status as words (colour only repeats them). */
export function StatusText({ status, label }: { status: FeeGuaranteeStatus; label: string }) {
  return (
    <span className={`${css.status} ${TONE[status]}`} data-status={status}>
      {label}
    </span>
  );
}
