import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppointmentsOptions } from './routes';

/** See routes.ts. */
export const careRoutes: FastifyPluginAsyncTypebox<AppointmentsOptions> = async () => {};
