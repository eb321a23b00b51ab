import { AppointmentStatus } from '../../../schemas/codes';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  AppointmentDetail,
  ApplyPromoCodeRequest,
  ApplyWalletRequest,
  CancelRequest,
  MakeAppointmentRequest,
  MakeAppointmentResult,
  PriceQuote,
  RescheduleRequest,
} from '../../../schemas/appointments';
import { Envelope, errorReplies } from '../../../schemas/envelope';
import type { Sql } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { ok } from '../../lib/envelope';
import { dataChanged } from '../../lib/response-cache';
import { bookings as bookingsCounter } from '../../services/metrics/index';
import { enabledFeatures } from '../catalogue/index';
import type { BookingCaller } from './booking-checks';
import { loadBookingDetail } from './booking-view';
import { cancelByPatient } from './cancel';
import { bookingClock } from './clock';
import { translateBookingError } from './constraint-errors';
import { makeAppointment } from './make-appointment';
import { quotePrice } from './pricing';
import { rescheduleByPatient } from './reschedule';
import type { AppointmentsOptions } from './options';

const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      minLength: 8,
      maxLength: 100,
      pattern: '^[\\x21-\\x7e]+$',
      'x-message': 'invalid_idempotency_key',
    }),
  ),
});

/**
 * The booking write path (schemas/appointments.ts): price with promo and wallet, MakeAppointment,
 * cancel and reschedule. Every change runs in one tenant transaction; a refusal of the database
 * (overlap, patient same day, deadlock) becomes a clear 409; availability changes drop the
 * tenant's public cache.
 */
export const bookingRoutes: FastifyPluginAsyncTypebox<AppointmentsOptions> = async (
  app,
  { db, payments },
) => {
  const tags = ['appointments'];
  const callerOf = (request: FastifyRequest): BookingCaller => ({
    tenant: request.tenant.config,
    features: enabledFeatures(request.tenant),
    userId: request.auth?.userId ?? 0,
    now: bookingClock.now(),
  });
  const inTenant = async <T>(request: FastifyRequest, fn: (sql: Sql) => Promise<T>): Promise<T> => {
    try {
      return await db.tenant(request.tenant.config.code, fn);
    } catch (error) {
      throw translateBookingError(error);
    }
  };
  /** The caller's appointment as answered after a change. */
  const detailOf = async (
    sql: Sql,
    request: FastifyRequest,
    caller: BookingCaller,
    appointmentId: number,
  ) => {
    const detail = await loadBookingDetail(
      sql,
      caller.tenant,
      request.lang,
      caller.userId,
      appointmentId,
      caller.now,
    );
    if (!detail) throw new ApiError(404, 'appointment_error');
    return detail;
  };

  app.post(
    '/PromoCodes/ApplyPromoCode',
    {
      config: { feature: 'promoCodes', auth: 'optional' },
      schema: {
        tags,
        summary: 'Price with a promo code (valid, unexpired, for this doctor or any)',
        body: ApplyPromoCodeRequest,
        response: {
          200: Envelope(PriceQuote),
          ...errorReplies({ 400: ['promo_code_invalid', 'promo_code_wrong_service', 'service_not_offered'] }),
        },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { promoCodeId: _, ...quote } = await inTenant(request, (sql) =>
        quotePrice(sql, { ...caller, ...request.body, userId: request.auth?.userId ?? null }),
      );
      return ok(quote);
    },
  );

  app.post(
    '/Appointments/ApplyWalletBalance',
    {
      config: { feature: 'wallet', auth: true },
      schema: {
        tags,
        summary: 'Price paying part with the wallet (only when there is a balance and something to pay)',
        body: ApplyWalletRequest,
        response: {
          200: Envelope(PriceQuote),
          ...errorReplies({
            400: [
              'service_not_offered',
              'promo_code_invalid',
              'promo_code_wrong_service',
              'wallet_not_eligible',
            ],
          }),
        },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { promoCodeId: _, ...quote } = await inTenant(request, (sql) =>
        quotePrice(sql, { ...caller, ...request.body, useWallet: true }),
      );
      return ok(quote);
    },
  );

  app.post(
    '/Appointments/MakeAppointment',
    {
      config: { auth: true },
      schema: {
        tags,
        summary: 'Book a slot (Idempotency-Key: the same key and body give the same appointment once)',
        headers: IdempotencyHeaders,
        body: MakeAppointmentRequest,
        response: {
          200: Envelope(MakeAppointmentResult),
          // The refusals of make-appointment.ts, booking-checks.ts and pricing.ts.
          ...errorReplies({
            400: [
              'booking_closed',
              'hospital_not_offered',
              'payment_method_not_allowed',
              'personal_info_required',
              'select_address',
              'select_hospital',
              'select_symptom',
              'symptom_required',
              'symptom_not_sure_alone',
              'wallet_not_eligible',
              'promo_code_invalid',
              'promo_code_wrong_service',
              'service_not_offered',
            ],
            404: [
              'doctor_not_found',
              'address_not_found',
              'patient_not_found',
              'health_record_not_found',
              'shared_consultation_not_found',
              'appointment_error',
              'user_not_join',
            ],
            409: [
              'slot_unavailable',
              'follow_up_not_allowed',
              'registration_exceeded',
              'scheduling_failed',
              'package_expired',
              'free_appointments_used_up',
              'product_not_applicable',
              'product_code_used',
            ],
            422: ['idempotency_key_reused'],
            502: ['payment_error'],
            503: ['payment_provider_unconfigured'],
          }),
        },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const tenant = caller.tenant.code;
      const { result, changed } = await inTenant(request, (sql) =>
        makeAppointment(sql, {
          ...caller,
          body: request.body,
          idempotencyKey: request.headers['idempotency-key'],
          lang: request.lang,
          payments,
          origin: `${request.protocol}://${request.host}`,
          ipAddr: request.ip,
        }),
      ).catch((error: unknown) => {
        const status = error instanceof ApiError ? error.statusCode : 500;
        bookingsCounter.inc({ tenant, outcome: status < 500 ? 'refused' : 'failed' });
        throw error;
      });
      // status 1: the slot is held until the online payment completes.
      const outcome = !changed
        ? 'replayed'
        : result.status === AppointmentStatus.PaymentInitiated
          ? 'awaiting_payment'
          : 'booked';
      bookingsCounter.inc({ tenant, outcome });
      if (changed) await dataChanged(tenant, 'availability', [result.doctorId]);
      return ok(result);
    },
  );

  app.post(
    '/Appointments/CancelAppintment',
    {
      config: { auth: true },
      schema: {
        tags,
        summary: 'Cancel an appointment (reason and remark required; tenant time limit)',
        body: CancelRequest,
        response: {
          200: Envelope(AppointmentDetail),
          ...errorReplies({
            404: ['appointment_error'],
            409: ['cancel_not_allowed'],
            502: ['refund_failed'],
          }),
        },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { appointmentId, reason, remark } = request.body;
      const detail = await inTenant(request, async (sql) => {
        await cancelByPatient(sql, caller.tenant, caller.userId, appointmentId, {
          reason: reason.trim(),
          remark: remark.trim(),
          now: caller.now,
          payments,
        });
        return detailOf(sql, request, caller, appointmentId);
      });
      await dataChanged(caller.tenant.code, 'availability', [detail.doctorId]);
      return ok(detail);
    },
  );

  app.post(
    '/Appointments/rescheduleAppointment',
    {
      config: { auth: true },
      schema: {
        tags,
        summary: "Move an appointment to another of the doctor's slots (tenant count and time limits)",
        body: RescheduleRequest,
        response: {
          200: Envelope(AppointmentDetail),
          ...errorReplies({
            404: ['appointment_error'],
            409: ['reschedule_not_allowed', 'slot_unavailable', 'registration_exceeded', 'scheduling_failed'],
          }),
        },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { appointmentId, slotId, reason, remark } = request.body;
      const detail = await inTenant(request, async (sql) => {
        await rescheduleByPatient(sql, caller, {
          appointmentId,
          slotId,
          reason: reason.trim(),
          remark: remark.trim(),
          payments,
        });
        return detailOf(sql, request, caller, appointmentId);
      });
      // Another of the same doctor's slots: only that doctor's availability moved.
      await dataChanged(caller.tenant.code, 'availability', [detail.doctorId]);
      return ok(detail);
    },
  );
};
