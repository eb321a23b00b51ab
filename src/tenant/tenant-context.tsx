import { createContext, useContext, type ReactNode } from 'react';
import type { BootBundle } from '../../schemas/boot';
import type { FeatureKey } from '../../schemas/features';
import type { LanguageCode } from '../../schemas/tenant.schema';

export interface Tenant {
  bundle: BootBundle;
  language: LanguageCode;
}

const TenantContext = createContext<Tenant | null>(null);

export function TenantProvider({ tenant, children }: { tenant: Tenant; children: ReactNode }) {
  return <TenantContext.Provider value={tenant}>{children}</TenantContext.Provider>;
}

/** The booted tenant: its bundle and the active language. */
export function useTenant(): Tenant {
  const tenant = useContext(TenantContext);
  if (!tenant) throw new Error('useTenant needs a TenantProvider (render inside the booted app)');
  return tenant;
}

/** Whether a feature is on for this tenant. */
export function useFeature(key: FeatureKey): boolean {
  return useTenant().bundle.features[key];
}

/** The tenant's name in the active language. */
export function useTenantName(): string {
  const { bundle, language } = useTenant();
  return bundle.name[language];
}
