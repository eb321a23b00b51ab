import type { AppointmentSummary } from '../../../../schemas/appointments';
import { ServiceType } from '../../../../schemas/codes';
import { SlotPicker } from '../../booking';

interface Props {
  appointment: AppointmentSummary;
  value: number | null;
  onChange: (slotId: number | null) => void;
}

/**
 * A free slot of the appointment's doctor (the booking page's slot picker): for a hospital visit
 * only slots of the same hospital.
 */
export function NewSlotPicker({ appointment, value, onChange }: Props) {
  return (
    <SlotPicker
      doctorId={appointment.doctorId}
      value={value}
      onChange={(slot) => onChange(slot.slotId)}
      hospitalId={appointment.serviceTypeId === ServiceType.HospitalVisit ? appointment.hospitalId : null}
    />
  );
}
