import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ScheduleDay, ScheduleQuery } from '../../../schemas/discovery';
import { Envelope, errorReplies } from '../../../schemas/envelope';
import type { Database } from '../../db/database';
import { ok } from '../../lib/envelope';
import { dataChanged } from '../../lib/response-cache';
import { bookingClock, bookingWindow, expireDoctorHolds } from '../appointments/index';
import { approvedDoctorRun } from '../doctors/index';
import { hasLapsedHolds, scheduleSlots } from './schedule-repository';

/** GET the slot list of the doctor page and booking: a doctor's free slots by local day. */
export const slotListRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  const tags = ['discovery'];
  const forDoctor = approvedDoctorRun(db);

  app.get(
    '/Appointments/GetDoctorScheduleTimingSlots',
    {
      schema: {
        tags,
        summary:
          "Free slots by local day and Morning 0 / AfterNoon 1 / Evening 2 in the tenant's booking time zone",
        querystring: ScheduleQuery,
        response: { 200: Envelope(Type.Array(ScheduleDay)), ...errorReplies({ 404: ['doctor_not_found'] }) },
      },
    },
    async (request) => {
      // Days, groups, the same-day cut-off and maxDaysAhead follow the hospital's zone (tenant
      // booking settings), not the visitor's; lapsed payment holds are released first.
      const now = bookingClock.now();
      const window = bookingWindow(now, request.tenant.config.booking);
      const { doctorId, fromDate = window.today, days = 7 } = request.query;
      type Schedule = Awaited<ReturnType<typeof scheduleSlots>>;
      // For display, from the read replica when there is one; only a doctor with a lapsed hold
      // needs a write (releasing it), and that one is read again on the primary. Booking itself
      // re-checks the slot on the primary, in its own transaction (MakeAppointment).
      const fromReplica = await forDoctor<Schedule | null>(request, doctorId, async (sql) =>
        (await hasLapsedHolds(sql, now, doctorId))
          ? null
          : scheduleSlots(sql, doctorId, fromDate, days, window, now),
      );
      let released = 0;
      const schedule =
        fromReplica ??
        (await forDoctor<Schedule>(
          request,
          doctorId,
          async (sql) => {
            released = (await expireDoctorHolds(sql, now, doctorId)).length;
            return scheduleSlots(sql, doctorId, fromDate, days, window, now);
          },
          (tenant, write) => db.tenant(tenant, write),
        ));
      // Released holds changed availability (the doctor list's next free slot).
      if (released > 0) await dataChanged(request.tenant.config.code, 'availability', [doctorId]);
      return ok(schedule);
    },
  );
};
