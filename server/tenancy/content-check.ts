import { FEATURE_NEEDS, type FeatureKey } from '../../schemas/features';
import type { NavLink, TenantConfig } from '../../schemas/tenant.schema';
import { pageOf } from './nav-routes';
import { ConfigError } from './validate';

/**
 * "A tenant's content matches its features": a portal never shows a link, an offer or a
 * testimonial about a capability it has switched off. Checked at start-up like the theme contrast:
 * the first problem stops the server with the tenant and the item named.
 */

/** A piece of tenant content (home banner, promotion, testimonial) and the feature it talks about. */
export interface TaggedContent {
  kind: string;
  id: number;
  title: string;
  feature: string | null;
  /** Where a banner or promotion leads (an app path, or a URL elsewhere); null for testimonials. */
  link?: string | null;
}

/** Why a footer link breaks its promise on this tenant, or null when it leads where it says. */
function linkProblem(link: NavLink, features: TenantConfig['features']): string | null {
  // The footer leaves out a link whose own feature is off, so such a link is never seen.
  if (link.feature && !features[link.feature]) return null;
  if (!link.href.startsWith('/')) return null;
  const path = link.href.split(/[?#]/)[0]!;
  const entry = pageOf(path);
  if (!entry) return `leads to "${link.href}", which is no page of the app`;
  if (entry.feature && !features[entry.feature])
    return `leads to "${link.href}", a page of feature ${entry.feature}, which is off`;
  return null;
}

/** Throws a ConfigError when the tenant file has a feature on without what it needs or a dead link. */
export function checkTenantConfigContent(config: TenantConfig, label: string): void {
  const { features } = config;
  for (const [feature, needs] of Object.entries(FEATURE_NEEDS) as [FeatureKey, FeatureKey[]][]) {
    if (!features[feature]) continue;
    const missing = needs.find((need) => !features[need]);
    if (missing)
      throw new ConfigError(
        `${label}: tenant ${config.code}: field /features/${feature} is on but needs ${missing}, which is off`,
      );
  }
  for (const list of ['quickLinks', 'privacyLinks'] as const) {
    config.navigation[list].forEach((link, index) => {
      const problem = linkProblem(link, features);
      if (problem)
        throw new ConfigError(
          `${label}: tenant ${config.code}: field /navigation/${list}/${index} ${problem}`,
        );
    });
  }
}

/**
 * Throws a ConfigError naming the tenant and the first item tagged with a feature that is off, or
 * linking to a page the app does not have (or has off for this tenant).
 */
export function checkTenantContentItems(config: TenantConfig, items: readonly TaggedContent[]): void {
  const features = config.features as Record<string, boolean | undefined>;
  for (const item of items) {
    const problem = item.link ? linkProblem({ href: item.link } as NavLink, config.features) : null;
    if (problem)
      throw new ConfigError(`tenant ${config.code}: ${item.kind} ${item.id} "${item.title}" ${problem}`);
    if (item.feature === null) continue;
    if (features[item.feature] === true) continue;
    const why = item.feature in features ? 'which is off' : 'which is no feature';
    throw new ConfigError(
      `tenant ${config.code}: ${item.kind} ${item.id} "${item.title}" is about feature ${item.feature}, ${why}`,
    );
  }
}
