/**
 * Insurance: the public API of this module for the app (routes), the operator command
 * and the personal-data module (export and purge). Nothing else in this folder may be imported
 * from outside it.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { claimRoutes, type InsuranceOptions } from './claim-routes';
import { profileRoutes } from './profile-routes';

export { insuranceSection } from './section';
export { isClaimStatus, operatorClaims, setClaimStatus, type OperatorClaim } from './operator';
export { listCompanies, type CompanyRow } from './repository';
export type { InsuranceOptions };

/** InsuranceClaims/* and InsuranceProfiles/*, behind the tenant's `insurance` feature. */
export const insuranceRoutes: FastifyPluginAsyncTypebox<InsuranceOptions> = async (app, options) => {
  await app.register(claimRoutes, options);
  await app.register(profileRoutes, options);
};
