import { Type, type Static } from 'typebox';
import { AccountRole } from './accounts';
import { Pagination } from './envelope';

/**
 * The care workspace API (/care; spec section 6 roles Doctor and Hospital). Every endpoint needs a
 * signed-in doctor or hospital staff account of the tenant (403 care_forbidden otherwise) and sees
 * only that doctor's or hospital's appointments: row-level security (migration 020), so another
 * doctor's, hospital's or tenant's appointment id answers 404 appointment_error.
 *
 * GET  /Care/Me                                   -> CareMe
 * GET  /Care/Appointments?scope=today|upcoming|past&PageNumber&PageSize -> CareAppointmentList
 *      today and upcoming: active (Booked, Pending, paying), soonest first; past: the rest, newest first
 * GET  /Care/Appointments/:id                     -> CareAppointmentDetail; reading it records one
 *      access-log row per shared health record (the patient's "who looked at my records")
 * GET  /Care/Appointments/:id/HealthRecordFiles/:fileId -> a shared record's file (logged download)
 * GET  /Care/Appointments/:id/Attachments/:attachmentId -> an attachment of the appointment (logged)
 * POST /Care/Appointments/:id/Complete  CareCompleteRequest -> CareAppointmentDetail
 *      409 appointment_not_active (not Booked or Pending)
 * POST /Care/Appointments/:id/Cancel    CareCancelRequest   -> CareAppointmentDetail
 *      cancelled by the doctor (doctor accounts) or the hospital (staff); online payments refunded
 *      by the tenant's rule (booking.refundTo); 409 appointment_not_active
 * POST /Care/Appointments/:id/NoShow                        -> CareAppointmentDetail
 *      409 no_show_too_early before the start, 409 appointment_not_active
 * GET  /Care/Presence, POST /Care/Presence { status: online|away } -> CarePresence
 *      doctors only (403 care_doctor_only); 'online' lasts PRESENCE_TTL_SECONDS after each POST:
 *      the workspace repeats it as a heartbeat, and a closed browser lapses to away by itself.
 */

const BigId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const Text = (max: number, message: string, min = 0) =>
  Type.String({ minLength: min, maxLength: max, ...(min ? { pattern: '\\S' } : {}), 'x-message': message });

export * from './care-presence';

export const CareScope = Type.Union([Type.Literal('today'), Type.Literal('upcoming'), Type.Literal('past')], {
  'x-message': 'invalid_scope',
});
export type CareScope = Static<typeof CareScope>;

export const PresenceStatus = Type.Union([Type.Literal('online'), Type.Literal('away')], {
  'x-message': 'invalid_presence',
});

export const CarePresence = Type.Object({
  status: PresenceStatus,
  /** While online: when it lapses unless renewed. */
  expiresAt: Nullable(Type.String()),
});
export type CarePresence = Static<typeof CarePresence>;

export const CareMe = Type.Object({
  userId: Type.Integer(),
  role: AccountRole,
  /** The doctor's title and name, or the hospital's name. */
  label: Type.String(),
  doctorId: Nullable(Type.Integer()),
  hospitalId: Nullable(Type.Integer()),
  timeZone: Type.String(),
});
export type CareMe = Static<typeof CareMe>;

/** The video call of an appointment (the call screen comes next; CheckTimeAppointment states). */
export const CareCall = Type.Object({
  isVideo: Type.Boolean(),
  /** ok (join now), not_yet_scheduled, appointment_ended, time_expired, booking_closed. */
  state: Type.String(),
  joinOpensAt: Type.String(),
});

export const CareAppointmentSummary = Type.Object({
  appointmentId: BigId,
  appointmentNumber: Type.String(),
  status: Type.Integer(),
  cancelledBy: Nullable(Type.String()),
  serviceTypeId: Type.Integer(),
  doctorId: Type.Integer(),
  doctorName: Type.String(),
  patientName: Type.String(),
  patientGender: Nullable(Type.String()),
  patientDateOfBirth: Nullable(Type.String()),
  hospitalName: Nullable(Type.String()),
  startsAt: Type.String(),
  endsAt: Type.String(),
  localDate: Type.String(),
  timeZone: Type.String(),
  queueNumber: Nullable(Type.Integer()),
  call: CareCall,
});
export type CareAppointmentSummary = Static<typeof CareAppointmentSummary>;

export const CareAppointmentList = Type.Object({
  appointments: Type.Array(CareAppointmentSummary),
  pagination: Pagination,
});
export type CareAppointmentList = Static<typeof CareAppointmentList>;

const CarePrescriptionItem = Type.Object(
  {
    name: Text(200, 'prescription_name_required', 1),
    dosage: Text(200, 'invalid_prescription'),
    frequency: Text(200, 'invalid_prescription'),
    days: Type.Integer({ minimum: 0, maximum: 365, 'x-message': 'invalid_prescription' }),
    note: Text(500, 'invalid_prescription'),
  },
  { additionalProperties: false },
);

export const CareNote = Type.Object({
  consultationId: BigId,
  appointmentId: BigId,
  doctorName: Type.String(),
  diagnosis: Type.String(),
  note: Type.String(),
  advice: Type.String(),
  prescription: Type.Array(
    Type.Object({
      name: Type.String(),
      dosage: Type.String(),
      frequency: Type.String(),
      days: Type.Integer(),
      note: Type.String(),
    }),
  ),
  createdAt: Type.String(),
});
export type CareNote = Static<typeof CareNote>;

export const CareSharedRecord = Type.Object({
  healthRecordId: Type.Integer(),
  recordName: Type.String(),
  recordType: Type.Integer(),
  remark: Type.String(),
  createdAt: Type.String(),
  files: Type.Array(
    Type.Object({
      fileId: BigId,
      fileName: Type.String(),
      contentType: Type.String(),
      sizeBytes: Type.Integer(),
    }),
  ),
});

export const CareAppointmentDetail = Type.Object({
  ...CareAppointmentSummary.properties,
  /** The patient's note when booking. */
  note: Type.String(),
  symptoms: Type.Array(Type.String()),
  cancelReason: Nullable(Type.String()),
  attachments: Type.Array(
    Type.Object({
      attachmentId: BigId,
      fileName: Type.String(),
      contentType: Type.String(),
      sizeBytes: Type.Integer(),
    }),
  ),
  sharedRecords: Type.Array(CareSharedRecord),
  /** Notes of earlier consultations the patient shared with this appointment. */
  sharedConsultations: Type.Array(CareNote),
  /** This appointment's own notes (after completion). */
  consultations: Type.Array(CareNote),
  canComplete: Type.Boolean(),
  canCancel: Type.Boolean(),
  canMarkNoShow: Type.Boolean(),
});
export type CareAppointmentDetail = Static<typeof CareAppointmentDetail>;

export const CareCompleteRequest = Type.Object(
  {
    diagnosis: Text(1000, 'diagnosis_required', 1),
    note: Text(4000, 'consultation_note_required', 1),
    advice: Type.Optional(Text(2000, 'invalid_advice')),
    prescription: Type.Optional(
      Type.Array(CarePrescriptionItem, { maxItems: 30, 'x-message': 'invalid_prescription' }),
    ),
  },
  { additionalProperties: false },
);
export type CareCompleteRequest = Static<typeof CareCompleteRequest>;

export const CareCancelRequest = Type.Object(
  {
    reason: Text(500, 'cancel_reason_required', 1),
    remark: Type.Optional(Text(1000, 'invalid_remark')),
  },
  { additionalProperties: false },
);
export type CareCancelRequest = Static<typeof CareCancelRequest>;

export const CarePresenceRequest = Type.Object({ status: PresenceStatus }, { additionalProperties: false });
