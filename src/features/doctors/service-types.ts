import type { FeatureKey } from '../../../schemas/features';

/** Spec service types and the tenant feature that offers each: 0 hospital visit, 1 video, 2 home visit. */
export const SERVICE_TYPE_FEATURES: Record<number, FeatureKey> = {
  0: 'hospitalVisit',
  1: 'video',
  2: 'homeVisit',
};

/** The service types this tenant offers, in spec order. */
export const offeredServiceTypes = (features: Partial<Record<FeatureKey, boolean>>): number[] =>
  [0, 1, 2].filter((type) => features[SERVICE_TYPE_FEATURES[type]!]);
