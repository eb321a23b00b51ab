import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

/** The real app with seeded demo tenants (`doctors` each) for catalogue and reference tests. */
export function createCatalogueTestApp(doctors = 30): Promise<TestApp> {
  return createTestApp({ seed: true, doctors });
}
