import { FEATURE_KEYS, type FeatureKey } from '../../../schemas/features';
import type { Tenant } from '../../tenancy/registry';

/** The feature keys switched on for a tenant (service types and prices follow these). */
export function enabledFeatures(tenant: Tenant): FeatureKey[] {
  return FEATURE_KEYS.filter((key) => tenant.config.features[key]);
}
