import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { Envelope, errorReplies } from '../../../schemas/envelope';
import type { Database } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { ok } from '../../lib/envelope';
import { bookingClock, bookingWindow, dayOpen } from '../appointments/index';
import { loadBookablePatient } from '../patients/index';
import { settleWaitlist } from '../reminders/index';
import {
  alreadyBooked,
  hasFreeSlot,
  insertEntry,
  leaveEntry,
  offersService,
  userEntries,
  type WaitlistRow,
} from './repository';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const BigId = Type.Integer({
  minimum: 1,
  maximum: 9_007_199_254_740_991,
  'x-message': 'invalid_waitlist_id',
});

export const JoinWaitlistBody = Type.Object(
  {
    doctorId: Id,
    localDate: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', 'x-message': 'invalid_local_date' }),
    patientId: Id,
    serviceTypeId: Type.Integer({ minimum: 0, maximum: 2 }),
  },
  { additionalProperties: false },
);

export const WaitlistEntry = Type.Object({
  waitlistId: Type.Integer(),
  doctorId: Type.Integer(),
  doctorName: Type.String(),
  patientId: Type.Integer(),
  patientName: Type.String(),
  localDate: Type.String(),
  serviceTypeId: Type.Integer(),
  /** waiting: in the queue; notified: told that a place freed up (book it: first come, first served). */
  state: Type.String(),
  notifiedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
});
export type WaitlistEntry = Static<typeof WaitlistEntry>;

const toEntry = (row: WaitlistRow): WaitlistEntry => ({
  waitlistId: Number(row.waitlist_id),
  doctorId: row.doctor_id,
  doctorName: row.doctor_name,
  patientId: row.patient_id,
  patientName: row.patient_name,
  localDate: row.local_date,
  serviceTypeId: row.service_type_id,
  state: row.state,
  notifiedAt: row.notified_at?.toISOString() ?? null,
  createdAt: row.created_at.toISOString(),
});

/**
 * The waitlist of fully booked days: a patient asks to be told when a place with the doctor frees
 * up that day; a cancellation tells the first waiting patients (reminders module, notifyWaitlist)
 * and whoever books first gets the place.
 */
export const waitlistRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  const tags = ['appointments'];
  const config = { auth: true } as const;
  const security = [{ bearer: [] }];

  app.post(
    '/Appointments/JoinWaitlist',
    {
      config,
      schema: {
        tags,
        summary: 'Wait for a place with a doctor on a fully booked day',
        security,
        body: JoinWaitlistBody,
        response: {
          200: Envelope(WaitlistEntry),
          ...errorReplies({
            400: ['waitlist_day_not_open'],
            409: ['waitlist_already_booked', 'waitlist_slots_available', 'waitlist_already_joined'],
          }),
        },
      },
    },
    async (request) => {
      const { doctorId, localDate, patientId, serviceTypeId } = request.body;
      const booking = request.tenant.config.booking;
      const now = bookingClock.now();
      const userId = request.auth!.userId;
      if (!dayOpen(bookingWindow(now, booking), localDate)) throw new ApiError(400, 'waitlist_day_not_open');
      const row = await db.tenant(request.tenant.config.code, async (sql) => {
        if (!(await offersService(sql, doctorId, serviceTypeId))) throw new ApiError(404, 'doctor_not_found');
        const patient = await loadBookablePatient(sql, userId, patientId);
        if (!patient) throw new ApiError(404, 'patient_not_found');
        if (await alreadyBooked(sql, patientId, doctorId, localDate)) {
          throw new ApiError(409, 'waitlist_already_booked');
        }
        if (await hasFreeSlot(sql, doctorId, localDate, booking.timeZone, now)) {
          throw new ApiError(409, 'waitlist_slots_available');
        }
        return insertEntry(sql, { userId, patientId, doctorId, localDate, serviceTypeId, now });
      });
      if (!row) throw new ApiError(409, 'waitlist_already_joined');
      return ok(toEntry(row));
    },
  );

  app.get(
    '/Appointments/GetMyWaitlist',
    {
      config,
      schema: {
        tags,
        summary: "The user's waiting entries (waiting or told)",
        security,
        response: { 200: Envelope(Type.Array(WaitlistEntry)) },
      },
    },
    async (request) => {
      const userId = request.auth!.userId;
      const rows = await db.tenant(request.tenant.config.code, async (sql) => {
        await settleWaitlist(sql, { userId }, bookingClock.now());
        return userEntries(sql, userId);
      });
      return ok(rows.map(toEntry));
    },
  );

  app.delete(
    '/Appointments/LeaveWaitlist',
    {
      config,
      schema: {
        tags,
        summary: 'Leaves the waitlist',
        security,
        querystring: Type.Object({ id: BigId }),
        response: {
          200: Envelope(Type.Object({ id: Type.Integer() })),
          ...errorReplies({ 404: ['waitlist_not_found'] }),
        },
      },
    },
    async (request) => {
      const left = await db.tenant(request.tenant.config.code, (sql) =>
        leaveEntry(sql, request.auth!.userId, request.query.id, bookingClock.now()),
      );
      if (!left) throw new ApiError(404, 'waitlist_not_found');
      return ok({ id: request.query.id });
    },
  );
};
