import { useTranslation } from 'react-i18next';
import type { AppointmentSummary } from '../../../../schemas/appointments';
import { muted } from '../../../components/ui.css';

interface Props {
  appointment: AppointmentSummary;
  value: number | null;
  onChange: (slotId: number | null) => void;
}

/** A free slot of the appointment's doctor, for its service type (the booking page's slot picker). */
export function NewSlotPicker(_props: Props) {
  const { t } = useTranslation();
  return <p className={muted}>{t('state.loading')}</p>;
}
