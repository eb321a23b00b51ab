import type { FastifyPluginAsync } from 'fastify';
import { attachmentRoutes } from './attachment-routes';
import { bookingRoutes } from './booking-routes';
import { careRoutes } from './care-routes';
import type { AppointmentsOptions } from './options';

export type { AppointmentsOptions } from './options';

/**
 * Appointments, contract in schemas/appointments.ts. booking-routes: price, promo,
 * wallet, MakeAppointment, cancel, reschedule (everything that takes or frees a slot).
 * care-routes: lists, detail, time check, consultations, reviews, invoices, receipts.
 * attachment-routes: files attached to an appointment.
 */
export const appointmentsRoutes: FastifyPluginAsync<AppointmentsOptions> = async (app, options) => {
  await app.register(bookingRoutes, options);
  await app.register(careRoutes, options);
  await app.register(attachmentRoutes, options);
};
