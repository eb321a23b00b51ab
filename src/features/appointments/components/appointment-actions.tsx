import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AppointmentSummary } from '../../../../schemas/appointments';
import { AppointmentStatus } from '../../../../schemas/codes';
import { button } from '../../../components/ui.css';
import { hasReceipt } from '../labels';
import { followUpPath, receiptPath } from '../links';
import { CancelDialog } from './cancel-dialog';
import { RescheduleDialog } from './reschedule-dialog';
import { ReviewDialog } from './review-dialog';

type Open = 'cancel' | 'reschedule' | 'review' | null;

/**
 * What the patient can do with an appointment, as the server allows it (canCancel,
 * canReschedule, canReview): cancel, reschedule, review, book a follow-up, open the receipt.
 */
export function AppointmentActions({ appointment: a }: { appointment: AppointmentSummary }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Open>(null);
  const completed = a.status === AppointmentStatus.Completed;
  return (
    <>
      {a.canReschedule && (
        <button type="button" className={button.secondary} onClick={() => setOpen('reschedule')}>
          {t('appointments.reschedule')}
        </button>
      )}
      {a.canCancel && (
        <button type="button" className={button.ghost} onClick={() => setOpen('cancel')}>
          {t('appointments.cancel')}
        </button>
      )}
      {completed && a.canReview && !a.reviewed && (
        <button type="button" className={button.primary} onClick={() => setOpen('review')}>
          {t('appointments.review')}
        </button>
      )}
      {completed && (
        <Link className={button.secondary} to={followUpPath(a.doctorId, a.appointmentId)}>
          {t('appointments.followUp')}
        </Link>
      )}
      {hasReceipt(a) && (
        <Link className={button.ghost} to={receiptPath(a.appointmentId)}>
          {t('appointments.receipt')}
        </Link>
      )}
      {open === 'cancel' && <CancelDialog appointment={a} open onClose={() => setOpen(null)} />}
      {open === 'reschedule' && <RescheduleDialog appointment={a} open onClose={() => setOpen(null)} />}
      {open === 'review' && <ReviewDialog appointment={a} open onClose={() => setOpen(null)} />}
    </>
  );
}
