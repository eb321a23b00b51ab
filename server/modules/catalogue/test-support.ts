import { expect } from 'vitest';
import { createTestApp, tenantHeaders, type TestApp } from '../../../tests/helpers/test-app';

/** The real app with seeded demo tenants (`doctors` each) for catalogue and reference tests. */
export function createCatalogueTestApp(doctors = 30): Promise<TestApp> {
  return createTestApp({ seed: true, doctors });
}

/**
 * The first approved doctor of a tenant with reviews and health programs: the doctor the side-call
 * tests of the doctor page (doctors, offers, schedule) read.
 */
export function sideCallDoctor(t: TestApp, tenant = 'songkhoe'): Promise<number> {
  return t.db.tenant(tenant, async (sql) => {
    const { rows } = await sql.query<{ doctor_id: number }>(
      `SELECT d.doctor_id FROM doctors d WHERE approval_status = 1
          AND EXISTS (SELECT 1 FROM doctor_feedbacks f WHERE f.doctor_id = d.doctor_id)
          AND EXISTS (SELECT 1 FROM doctor_health_programs p WHERE p.doctor_id = d.doctor_id)
        ORDER BY doctor_id LIMIT 1`,
    );
    return rows[0]!.doctor_id;
  });
}

/**
 * GETs of public endpoints by path (`/Blogs/GetAllBlogs`) with extra headers, and `data` that
 * expects 200 and answers the envelope's data. `app` is read at call time (set in beforeAll).
 */
export function publicReads(app: () => TestApp) {
  const get = (url: string, tenant = 'songkhoe', headers: Record<string, string> = {}) =>
    app().app.inject({ url: `/api/v1${url}`, headers: tenantHeaders(tenant, headers) });
  const data = async (url: string, tenant = 'songkhoe') => {
    const reply = await get(url, tenant);
    expect(reply.statusCode, `${url}: ${reply.body}`).toBe(200);
    return reply.json().data;
  };
  return { get, data };
}

/**
 * GETs of listing endpoints by name (`Banners`) in a language, and `data` that expects a
 * successful envelope and answers its data. `app` is read at call time (set in beforeAll).
 */
export function listingReads(app: () => TestApp) {
  const get = (url: string, tenant = 'songkhoe', lang = 'vi') =>
    app().app.inject({
      method: 'GET',
      url: `/api/v1/${url}`,
      headers: tenantHeaders(tenant, { 'x-accept-language': lang }),
    });
  const data = async (url: string, tenant = 'songkhoe', lang = 'vi') => {
    const reply = await get(url, tenant, lang);
    expect(reply.statusCode, `${tenant} ${url}`).toBe(200);
    expect(reply.json()).toMatchObject({ isSuccess: true, codeMessageRespond: null, errors: null });
    return reply.json().data;
  };
  return { get, data };
}

export type Row = Record<string, unknown>;
/** The numeric `key` of each row. */
export const ids = (rows: Row[], key: string) => rows.map((r) => r[key] as number);
