import type { MakeAppointmentRequest, MakeAppointmentResult } from '../../../schemas/appointments';
import { AppointmentStatus, PaymentMethod, PaymentStatus } from '../../../schemas/codes';
import { cleanText } from '../../../schemas/free-text';
import type { LanguageCode } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import type { PaymentService } from '../../services/payments/index';
import { debitWallet } from '../wallet/index';
import { spendFreeAppointment, spendFreeConsultation } from './package-benefit';
import { afterBooking } from './after-booking';
import { nextAppointmentNumber } from './appointment-number';
import { checkBooking, type BookingCaller, type CheckedBooking } from './booking-checks';
import { loadBookingDetail } from './booking-view';
import { translated } from './constraint-errors';
import { expireLapsedHolds } from './holds';
import { claimKey, completeKey, requestHash } from './idempotency';
import { localDateOf } from '../../../schemas/time';
import { countDay, takeSlot } from './slot-ledger';

export interface MakeAppointmentInput extends BookingCaller {
  body: MakeAppointmentRequest;
  idempotencyKey?: string | undefined;
  lang: LanguageCode;
  payments: PaymentService;
  /** Where the payment provider sends the browser back, and the payer's IP. */
  origin: string;
  ipAddr: string;
}

/** Status and payment status a new appointment starts in, per payment method. */
function initialState(method: number, checked: CheckedBooking) {
  switch (method) {
    case PaymentMethod.PayOnline: // holds the slot until the payment settles
      return { status: AppointmentStatus.PaymentInitiated, paymentStatus: PaymentStatus.Pending };
    case PaymentMethod.FreeOfConsultation: // nothing left to pay: completed by the wallet, or not applicable
      return {
        status: AppointmentStatus.Booked,
        paymentStatus: checked.quote.walletAmount > 0 ? PaymentStatus.Completed : PaymentStatus.NotApplicable,
      };
    case PaymentMethod.RequestForMedicalFeeCoverage: // waits for the coverage decision
      return { status: AppointmentStatus.Pending, paymentStatus: PaymentStatus.Pending };
    default: // cash: booked, paid at the consultation
      return { status: AppointmentStatus.Booked, paymentStatus: PaymentStatus.Pending };
  }
}

/**
 * MakeAppointment, in the caller's one transaction: claim the Idempotency-Key, check the request,
 * release lapsed holds of the slot, take a place of the slot and of the doctor's day (atomic
 * UPDATE / upsert), insert the appointment (the database refuses overlaps and a second booking
 * of the patient that day), debit the wallet, start the online payment, schedule reminders.
 * @returns the reply and whether availability changed (false for a replay)
 */
export async function makeAppointment(
  sql: Sql,
  input: MakeAppointmentInput,
): Promise<{ result: MakeAppointmentResult; changed: boolean }> {
  const { body, tenant, userId, now } = input;
  const key = input.idempotencyKey;
  if (key) {
    const claim = await claimKey(sql, userId, key, requestHash(body));
    if (claim.kind === 'replay') {
      const result = await loadBookingDetail(
        sql,
        tenant,
        input.lang,
        userId,
        claim.appointmentId,
        now,
        claim.paymentUrl,
      );
      if (!result) throw new ApiError(404, 'appointment_error');
      return { result, changed: false };
    }
  }

  const checked = await checkBooking(sql, input, body);
  await expireLapsedHolds(sql, now, body.slotId, input.payments);
  const slot = await takeSlot(sql, body.slotId, body.doctorId, now);
  if (!slot) throw new ApiError(409, 'slot_unavailable');
  const issued = await countDay(sql, body.doctorId, checked.localDate, checked.dailyLimit);
  if (issued === null) throw new ApiError(409, 'registration_exceeded');

  const { appointmentId, appointmentNumber } = await nextAppointmentNumber(
    sql,
    tenant,
    localDateOf(now, tenant.booking.timeZone),
  );
  const { status, paymentStatus } = initialState(body.paymentMethod, checked);
  const holdExpiresAt =
    status === AppointmentStatus.PaymentInitiated
      ? new Date(now.getTime() + tenant.booking.holdMinutes * 60_000)
      : null;
  const q = checked.quote;
  await translated(() =>
    sql.query(
      `INSERT INTO appointments (appointment_id, appointment_number, user_id, patient_id, doctor_id, slot_id,
         service_type_id, hospital_id, address_id, starts_at, ends_at, local_date, status, payment_status,
         payment_method, price, discount, wallet_amount, final_price, promo_code_id, note, queue_number,
         hold_expires_at, follow_up_of, created_at, updated_at, other_symptom, symptoms_unknown)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21,
         $22, $23, $24, $25, $25, $26, $27)`,
      [
        appointmentId,
        appointmentNumber,
        userId,
        body.patientId,
        body.doctorId,
        body.slotId,
        body.serviceTypeId,
        checked.hospitalId,
        checked.addressId,
        slot.startsAt.toISOString(),
        slot.endsAt.toISOString(),
        checked.localDate,
        status,
        paymentStatus,
        body.paymentMethod,
        q.price,
        q.discount,
        q.walletAmount,
        q.finalPrice,
        q.promoCodeId,
        body.note ?? '',
        body.serviceTypeId === 0 ? issued : null,
        holdExpiresAt?.toISOString() ?? null,
        body.followUpOf ?? null,
        now.toISOString(),
        cleanText(body.otherSymptom ?? ''),
        body.symptomsUnknown === true,
      ],
    ),
  );
  if (body.symptomIds.length) {
    await sql.query(
      `INSERT INTO appointment_symptoms (appointment_id, symptom_id) SELECT $1, unnest($2::int[])`,
      [appointmentId, body.symptomIds],
    );
  }
  if (body.healthRecordIds?.length) {
    await sql.query(
      `INSERT INTO appointment_health_records (appointment_id, health_record_id) SELECT $1, unnest($2::int[])`,
      [appointmentId, body.healthRecordIds],
    );
  }
  if (body.userPackageId !== undefined)
    await spendFreeAppointment(sql, { userPackageId: body.userPackageId, appointmentId, now });
  if (body.userProductId !== undefined)
    await spendFreeConsultation(sql, {
      userId,
      userProductId: body.userProductId,
      appointmentId,
      doctorId: body.doctorId,
      serviceTypeId: body.serviceTypeId,
      now,
    });
  if (body.consulationNoteAppointmentIds?.length) {
    await sql.query(
      `INSERT INTO appointment_shared_consultations (appointment_id, source_appointment_id)
       SELECT $1, unnest($2::bigint[])`,
      [appointmentId, body.consulationNoteAppointmentIds],
    );
  }
  if (
    !(await debitWallet(sql, {
      userId,
      amount: q.walletAmount,
      appointmentId,
      description: appointmentNumber,
    }))
  ) {
    throw new ApiError(400, 'wallet_not_eligible');
  }

  let paymentUrl: string | null = null;
  if (status === AppointmentStatus.PaymentInitiated) {
    try {
      ({ paymentUrl } = await input.payments.start(sql, tenant, {
        appointmentId,
        amount: q.finalPrice,
        orderInfo: `${appointmentNumber} ${checked.patientName}`,
        ipAddr: input.ipAddr,
        expiresAt: holdExpiresAt!,
        locale: input.lang,
        origin: input.origin,
      }));
    } catch (error) {
      if (error instanceof ApiError) throw error;
      // The patient reads "payment_error"; the operator's log gets why (the error handler logs it).
      const failed = new ApiError(502, 'payment_error');
      failed.cause = error;
      throw failed;
    }
  }
  await afterBooking.booked(sql, tenant, {
    appointmentId,
    userId,
    startsAt: slot.startsAt,
    lang: input.lang,
    now,
  });
  if (key) await completeKey(sql, userId, key, appointmentId, paymentUrl);

  const result = await loadBookingDetail(sql, tenant, input.lang, userId, appointmentId, now, paymentUrl);
  return { result: result!, changed: true };
}
