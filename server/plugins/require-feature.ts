import fp from 'fastify-plugin';
import type { FeatureKey } from '../../schemas/features';
import { ApiError } from '../lib/api-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The product capability this route belongs to; off for the tenant -> 404, as if absent. */
    feature?: FeatureKey;
  }
}

/**
 * The one place where a tenant's feature flags gate the API. A route declares
 * `config: { feature: 'video' }`; the check runs right after tenant resolution and before auth,
 * so a disabled capability answers 404 whether or not the caller is signed in.
 */
export const requireFeaturePlugin = fp(async (app) => {
  app.addHook('onRequest', async (request) => {
    const feature = request.routeOptions.config?.feature;
    if (feature && !request.tenant.config.features[feature]) throw new ApiError(404, 'feature_disabled');
  });
});
