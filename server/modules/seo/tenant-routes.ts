import { availableRoutes, type RouteEntry } from '../../../schemas/routes';
import { ROUTES } from '../../../schemas/routes';
import type { Tenant } from '../../tenancy/registry';

/** The routes a tenant has (features on), once per tenant: an off feature's page does not exist. */
const routesOf = new WeakMap<Tenant, { path: string; entry: RouteEntry }[]>();
export function tenantRoutes(tenant: Tenant) {
  let routes = routesOf.get(tenant);
  if (!routes) {
    // Demo tools (devOnly) match too: they are private pages, never indexed.
    routes = availableRoutes(ROUTES, { features: tenant.config.features, environment: 'development' }).map(
      (entry) => ({ path: entry.path, entry }),
    );
    routesOf.set(tenant, routes);
  }
  return routes;
}
