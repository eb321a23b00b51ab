import type { AppointmentSummary } from '../../../schemas/appointments';

/** An appointment summary as GetAllAppointments answers it (tests override what they need). */
export function summary(overrides: Partial<AppointmentSummary> = {}): AppointmentSummary {
  return {
    appointmentId: 41,
    appointmentNumber: 'SH-20261201-0041',
    status: 4,
    paymentStatus: 2,
    paymentMethod: 1,
    serviceTypeId: 0,
    doctorId: 7,
    doctorName: 'Nguyễn Văn An',
    doctorTitle: 'BS.',
    doctorPhoto: '',
    specialityName: 'Tim mạch',
    patientId: 3,
    patientName: 'Lê Bình',
    hospitalId: 2,
    hospitalName: 'Bệnh viện Sông Hồng',
    addressText: null,
    startsAt: '2026-12-01T02:00:00.000Z',
    endsAt: '2026-12-01T02:30:00.000Z',
    localDate: '2026-12-01',
    timeZone: 'Asia/Ho_Chi_Minh',
    timeSlot: 0,
    finalPrice: 300000,
    queueNumber: 12,
    cancelledBy: null,
    canCancel: true,
    canReschedule: true,
    canReview: false,
    reviewed: false,
    ...overrides,
  };
}

export const envelope = (data: unknown, code: string | null = null, errors: string[] | null = null) => ({
  isSuccess: code === null && errors === null,
  codeMessageRespond: code,
  message: null,
  data,
  errors,
});

/** A reply a test queues for a route: the envelope and its HTTP status. */
export interface Queued {
  status: number;
  body: unknown;
}

/** A fake route (src/test/fake-api.ts) answering each request with the next queued reply. */
export const nextOf = (answers: Queued[]) => () => {
  const next = answers.shift();
  return next && Response.json(next.body, { status: next.status });
};
