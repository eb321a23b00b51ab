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
import { appointmentNumberPrefix } from './appointment-number';
import { checkBooking, readTarget, type BookingCaller, type CheckedBooking } from './booking-checks';
import { loadBookingDetail } from './booking-view';
import { expireLapsedHolds } from './holds';
import { keyPaymentPage, replayOfKey, requestHash } from './idempotency';
import { localDateOf } from '../../../schemas/time';
import { placeAppointment } from './place-appointment';

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
 * MakeAppointment, in the caller's one transaction: claim the Idempotency-Key with the first read
 * (a key used before answers its appointment again), check the request,
 * release lapsed holds of the slot, take a place of the slot and of the doctor's day and insert
 * the appointment with its symptoms (one statement, place-appointment.ts: the database refuses
 * overlaps and a second booking of the patient that day), debit the wallet, start the online
 * payment, schedule reminders.
 * @returns the reply and whether availability changed (false for a replay)
 */
export async function makeAppointment(
  sql: Sql,
  input: MakeAppointmentInput,
): Promise<{ result: MakeAppointmentResult; changed: boolean }> {
  const { body, tenant, userId, now } = input;
  const key = input.idempotencyKey ?? null;
  const claim = key === null ? null : { key, hash: requestHash(body) };
  const target = await readTarget(sql, input, body, claim);
  if (claim && !target.claimed) {
    const replay = await replayOfKey(sql, userId, claim);
    const result = await loadBookingDetail(
      sql,
      tenant,
      input.lang,
      userId,
      replay.appointmentId,
      now,
      replay.paymentUrl,
    );
    if (!result) throw new ApiError(404, 'appointment_error');
    return { result, changed: false };
  }

  const checked = await checkBooking(sql, input, body, target);
  if (checked.lapsedHold) await expireLapsedHolds(sql, now, body.slotId, input.payments);
  const { status, paymentStatus } = initialState(body.paymentMethod, checked);
  const holdExpiresAt =
    status === AppointmentStatus.PaymentInitiated
      ? new Date(now.getTime() + tenant.booking.holdMinutes * 60_000)
      : null;
  const q = checked.quote;
  const placed = await placeAppointment(sql, {
    numberPrefix: appointmentNumberPrefix(tenant, localDateOf(now, tenant.booking.timeZone)),
    userId,
    patientId: body.patientId,
    doctorId: body.doctorId,
    slotId: body.slotId,
    serviceTypeId: body.serviceTypeId,
    hospitalId: checked.hospitalId,
    addressId: checked.addressId,
    localDate: checked.localDate,
    dailyLimit: checked.dailyLimit,
    status,
    paymentStatus,
    paymentMethod: body.paymentMethod,
    price: q.price,
    discount: q.discount,
    walletAmount: q.walletAmount,
    finalPrice: q.finalPrice,
    promoCodeId: q.promoCodeId,
    note: body.note ?? '',
    holdExpiresAt,
    followUpOf: body.followUpOf ?? null,
    now,
    otherSymptom: cleanText(body.otherSymptom ?? ''),
    symptomsUnknown: body.symptomsUnknown === true,
    symptomIds: body.symptomIds,
    idempotencyKey: key,
  });
  if (placed.outcome !== 'placed') throw new ApiError(409, placed.outcome);
  const { appointmentId, appointmentNumber } = placed;
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
    lang: input.lang,
    now,
    facts: {
      appointmentId,
      userId,
      status,
      appointmentNumber,
      startsAt: placed.startsAt,
      serviceTypeId: body.serviceTypeId,
      doctorName: checked.doctorName,
      patientName: checked.patientName,
      hospital: checked.hospital,
      finalPrice: q.finalPrice,
      walletAmount: q.walletAmount,
    },
  });
  if (key !== null && paymentUrl !== null) await keyPaymentPage(sql, userId, key, paymentUrl);

  const result = await loadBookingDetail(sql, tenant, input.lang, userId, appointmentId, now, paymentUrl);
  return { result: result!, changed: true };
}
