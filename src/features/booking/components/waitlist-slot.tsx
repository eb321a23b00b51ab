import { WaitlistButton } from '../../waitlist';

/**
 * On a fully booked day: the waitlist ("tell me when a place frees up") for this doctor, day and
 * service type, for the patient already chosen in the flow if any.
 */
export function WaitlistSlot({
  doctorId,
  date,
  serviceType,
  patientId,
}: {
  doctorId: number;
  date: string;
  serviceType: number;
  patientId: number | null;
}) {
  return (
    <WaitlistButton
      doctorId={doctorId}
      localDate={date}
      serviceTypeId={serviceType}
      {...(patientId ? { patientId } : {})}
    />
  );
}
