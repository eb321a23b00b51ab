import type { FastifyPluginAsync } from 'fastify';
import type { Env } from '../../config/env';
import type { Database } from '../../db/database';
import type { ResponseCache } from '../../lib/response-cache';
import type { PaymentService } from '../../services/payments/types';
import type { Storage } from '../../services/storage/index';
import type { TenantRegistry } from '../../tenancy/registry';
import { attachmentRoutes } from './attachment-routes';
import { bookingRoutes } from './booking-routes';
import { careRoutes } from './care-routes';

export interface AppointmentsOptions {
  db: Database;
  env: Env;
  registry: TenantRegistry;
  publicCache: ResponseCache;
  payments: PaymentService;
  /** Files (appointment attachments); defaults to the local disk under DATA_DIR. */
  storage?: Storage;
}

/**
 * Appointments (issue 7), contract in schemas/appointments.ts. booking-routes: price, promo,
 * wallet, MakeAppointment, cancel, reschedule (everything that takes or frees a slot).
 * care-routes: lists, detail, time check, consultations, reviews, invoices, receipts.
 * attachment-routes: files attached to an appointment.
 */
export const appointmentsRoutes: FastifyPluginAsync<AppointmentsOptions> = async (app, options) => {
  await app.register(bookingRoutes, options);
  await app.register(careRoutes, options);
  await app.register(attachmentRoutes, options);
};
