import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/helpers/test-app';
import { command } from '../../admin/commands/insurance';
import { asOwner } from '../appointments/care-fixtures';
import { seedDemoInsurance } from '../../seed/insurance';
import { insuranceSection } from './index';
import {
  claimForm,
  claimRequest,
  companyOf,
  createInsuranceApp,
  upload,
  userOn,
  type Client,
} from './test-fixtures';

/**
 * The operator command (`npm run admin -- insurance ...`), the demo companies, and the insurance
 * part of a user's personal data (export and erase).
 */

let t: TestApp;
let user: Client;
let claimId: number;
beforeAll(async () => {
  t = await createInsuranceApp();
  user = await userOn(t, 'songkhoe');
  const res = await user.post(
    'InsuranceClaims/CreateInsuranceClaim',
    await claimRequest(user, claimForm(await companyOf(user))),
  );
  claimId = res.json.data.insuranceClaimId;
});
afterAll(() => t.close());

async function admin(...args: string[]) {
  const lines: string[] = [];
  const code = await command.run({ db: t.db, registry: t.registry, args, print: (l) => lines.push(l) });
  return { code, out: lines.join('\n') };
}

describe('npm run admin -- insurance', () => {
  it("lists a tenant's claims and companies, never another tenant's", async () => {
    const claims = await admin('claims', 'songkhoe');
    expect(claims.code).toBe(0);
    expect(claims.out).toContain(String(claimId));
    expect(claims.out).toContain('submitted');
    expect(claims.out).toContain(user.user.email);
    const other = await admin('claims', 'songhong');
    expect(other.out).toBe('no insurance claims');
    const companies = await admin('companies', 'songkhoe');
    expect(companies.out.split('\n')).toHaveLength(5);
    expect(companies.out).toContain('inactive');
    expect((await admin('companies', 'saomai')).out).toBe('no insurance companies');
  });

  it("sets a claim's status with a note the user sees; refuses bad input and another tenant's claim", async () => {
    expect(
      (await admin('set-status', 'songkhoe', String(claimId), 'in_review', '--note', 'Đang xem xét')).code,
    ).toBe(0);
    const seen = await user.get(`InsuranceClaims/GetInsuranceClaim/${claimId}`);
    expect(seen.json.data).toMatchObject({ status: 'in_review', statusNote: 'Đang xem xét' });
    expect(seen.json.data.statusChangedAt).not.toBeNull();
    expect((await admin('set-status', 'songkhoe', String(claimId), 'lost')).code).toBe(2);
    const foreign = await admin('set-status', 'songhong', String(claimId), 'paid');
    expect(foreign).toEqual({ code: 1, out: `no insurance claim ${claimId} in songhong` });
    expect((await admin('claims', 'songkhoe', '--status', 'paid')).out).toBe('no insurance claims');
    expect((await admin('claims', 'nowhere')).code).toBe(2);
  });
});

describe('demo insurance companies', () => {
  it('are seeded once per tenant with insurance on, never where it is off (saomai)', async () => {
    expect(await asOwner(t.db, 'songkhoe', (sql) => seedDemoInsurance(sql, 'songkhoe'))).toBe(0);
    expect(await asOwner(t.db, 'saomai', (sql) => seedDemoInsurance(sql, 'saomai'))).toBe(0);
    const seeded = await asOwner(
      t.db,
      'songkhoe',
      async (sql) =>
        (await sql.query('SELECT 1 FROM insurance_companies WHERE tenant_id = current_tenant()')).rows.length,
    );
    expect(seeded).toBe(5);
  });
});

describe('insuranceSection', () => {
  it("exports the user's profiles and claims with their files, then erases them and returns the keys", async () => {
    const c = await userOn(t, 'songkhoe');
    const company = await companyOf(c);
    await c.post('InsuranceProfiles/SaveInsuranceProfile', {
      patientId: c.user.patientId,
      insuranceCompanyId: company,
      healthCardPhotoUrl: await upload(c, { folder: 'InsuranceCards', name: '../../thẻ.png' }),
    });
    await c.post(
      'InsuranceClaims/CreateInsuranceClaim',
      await claimRequest(c, claimForm(company, { reason: 'Gãy tay' })),
    );
    const exported = await asOwner(t.db, 'songkhoe', (sql) => insuranceSection.export(sql, c.user.userId));
    const data = exported.data as { profiles: unknown[]; claims: { reason: string; files: unknown[] }[] };
    expect(data.profiles).toHaveLength(1);
    expect(data.claims.map((x) => x.reason)).toEqual(['Gãy tay']);
    expect(data.claims[0]!.files).toHaveLength(3);
    expect(exported.files).toHaveLength(4);
    for (const f of exported.files)
      expect(f.archivePath).toMatch(/^insurance\/(profiles|claims)\/\d+\/[A-Za-z0-9._-]+$/);
    const keys = await asOwner(t.db, 'songkhoe', (sql) => insuranceSection.erase(sql, c.user.userId));
    expect(keys.sort()).toEqual(exported.files.map((f) => f.fileKey).sort());
    const left = await asOwner(t.db, 'songkhoe', (sql) => insuranceSection.export(sql, c.user.userId));
    expect(left).toEqual({ data: { profiles: [], claims: [] }, files: [] });
    // Another user's claims are untouched.
    expect((await user.get(`InsuranceClaims/GetInsuranceClaim/${claimId}`)).status).toBe(200);
  });
});
