import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Database } from '../../db/database';
import { doctorDetailRoutes } from './doctor-detail-routes';
import { doctorRoutes } from './doctor-routes';

/**
 * A doctor's page: the doctor with biography, and its side calls (hospitals, price, reviews,
 * promo codes, health programs, names). The doctor list is the search module's; free slots are
 * the schedule module's.
 */
export const doctorsRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  await app.register(doctorRoutes, { db });
  await app.register(doctorDetailRoutes, { db });
};
