import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/helpers/test-app';
import { asOwner } from '../appointments/care-fixtures';
import { setClaimStatus } from './index';
import {
  PDF,
  claimForm,
  claimRequest,
  companyOf,
  count,
  createInsuranceApp,
  upload,
  userOn,
  type Client,
} from './test-fixtures';

/**
 * InsuranceClaims/*: companies per tenant and language, a claim validated by the tenant's merged
 * form (songhong's conditional accident question), files, consent, all or nothing, the status
 * list, and every endpoint refusing another user's and another tenant's ids.
 */

let t: TestApp;
let owner: Client;
let company: number;
beforeAll(async () => {
  t = await createInsuranceApp();
  owner = await userOn(t, 'songkhoe');
  company = await companyOf(owner);
});
afterAll(() => t.close());

const TABLES = ['insurance_claims', 'insurance_claim_files'];
const stored = async (c: Client) =>
  Promise.all(TABLES.map((table) => count(t, c.tenant, table, c.user.userId)));

describe('GetAllInsuranceCompanies', () => {
  it("lists the tenant's active companies in order, in the request language", async () => {
    const vi = await t.app.inject({
      url: '/api/v1/InsuranceClaims/GetAllInsuranceCompanies',
      headers: { companycode: 'songkhoe', host: '127.0.0.1:8080', 'x-accept-language': 'vi' },
    });
    const en = await owner.get('InsuranceClaims/GetAllInsuranceCompanies');
    expect(vi.json().data.map((c: { name: string }) => c.name)).toEqual([
      'Bảo hiểm Sông Xanh',
      'Bảo hiểm Nhân thọ Hoa Sen Vàng',
      'Bảo hiểm Sức khỏe Mây Trắng',
      'Tổng công ty Bảo hiểm Núi Bạc',
    ]);
    expect(en.json.data[0].name).toBe('Song Xanh Insurance');
    const other = await userOn(t, 'songhong');
    const theirs = await other.get('InsuranceClaims/GetAllInsuranceCompanies');
    const ids = (list: { insuranceCompanyId: number }[]) => list.map((c) => c.insuranceCompanyId);
    expect(ids(theirs.json.data).some((id) => ids(en.json.data).includes(id))).toBe(false);
  });

  it('answers 404 feature_disabled where insurance is off (saomai)', async () => {
    const res = await t.app.inject({
      url: '/api/v1/InsuranceClaims/GetAllInsuranceCompanies',
      headers: { companycode: 'saomai', host: '127.0.0.1:8080' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().codeMessageRespond).toBe('feature_disabled');
  });
});

describe('CreateInsuranceClaim', () => {
  it('files a claim with its ID images and documents; the list and the detail show it as submitted', async () => {
    const c = await userOn(t, 'songkhoe');
    const res = await c.post(
      'InsuranceClaims/CreateInsuranceClaim',
      await claimRequest(c, claimForm(company), { documents: 2 }),
    );
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const claim = res.json.data;
    expect(claim).toMatchObject({
      status: 'submitted',
      claimAmount: 3_500_000,
      policyNumber: 'HD-2026-0001',
    });
    expect(claim.files.map((f: { kind: string }) => f.kind)).toEqual([
      'id_front',
      'id_back',
      'document',
      'document',
    ]);
    const list = await c.get('InsuranceClaims/GetMyInsuranceClaims');
    expect(
      list.json.data.insuranceClaims.map((x: { insuranceClaimId: number }) => x.insuranceClaimId),
    ).toEqual([claim.insuranceClaimId]);
    const detail = await c.get(`InsuranceClaims/GetInsuranceClaim/${claim.insuranceClaimId}`);
    expect(detail.json.data.answers).toMatchObject({ insuredName: 'Nguyễn Văn An', claimAmount: 3_500_000 });
    const doc = claim.files[2];
    const file = await c.get(
      new URL(doc.fileHttpUrl).pathname.replace('/api/v1/', '') + '?id=' + doc.insuranceClaimFileId,
    );
    expect(file.status).toBe(200);
    expect(file.body.equals(PDF)).toBe(true);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(String(file.headers['content-disposition'])).toMatch(/^inline;/);
    const log = await asOwner(t.db, 'songkhoe', (sql) =>
      sql.query<{ action: string; resource_kind: string }>(
        'SELECT action, resource_kind FROM data_access_log WHERE user_id = $1 ORDER BY access_id',
        [c.user.userId],
      ),
    );
    expect(log.rows).toEqual([
      { action: 'list', resource_kind: 'insurance_claim' },
      { action: 'view', resource_kind: 'insurance_claim' },
      { action: 'view', resource_kind: 'insurance_claim_file' },
    ]);
  });

  it('refuses an empty claim with every required key and stores nothing', async () => {
    const c = await userOn(t, 'songkhoe');
    const res = await c.post('InsuranceClaims/CreateInsuranceClaim', { claim: {} });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual(
      expect.arrayContaining([
        'select_insurance_company',
        'valid_insured_name',
        'valid_policy_number',
        'valid_claim_reason',
        'select_event_date',
        'valid_provider_name',
        'valid_claim_amount',
        'accept_terms',
        'upload_id_front',
        'upload_id_back',
        'upload_claim_documents',
      ]),
    );
    expect(await stored(c)).toEqual([0, 0]);
  });

  it('refuses a future event date, a zero amount, an unknown or inactive company', async () => {
    const c = await userOn(t, 'songkhoe');
    const future = await c.post(
      'InsuranceClaims/CreateInsuranceClaim',
      await claimRequest(c, claimForm(company, { eventDate: '2099-01-01', claimAmount: 0 })),
    );
    expect(future.status).toBe(400);
    expect(future.json.errors).toEqual(
      expect.arrayContaining(['event_date_in_future', 'valid_claim_amount']),
    );
    const inactive = await asOwner(t.db, 'songkhoe', async (sql) => {
      const { rows } = await sql.query<{ id: number }>(
        'SELECT insurance_company_id AS id FROM insurance_companies WHERE NOT active AND tenant_id = current_tenant()',
      );
      return rows[0]!.id;
    });
    const songhong = await userOn(t, 'songhong');
    for (const id of [inactive, await companyOf(songhong), 999_999]) {
      const res = await c.post('InsuranceClaims/CreateInsuranceClaim', await claimRequest(c, claimForm(id)));
      expect(res.status).toBe(400);
      expect(res.json.errors).toEqual(['select_insurance_company']);
    }
    expect(await stored(c)).toEqual([0, 0]);
  });

  it('asks for the health-data consent first (403 consent_required), storing nothing', async () => {
    const c = await userOn(t, 'songkhoe', { consent: false });
    const res = await c.post(
      'InsuranceClaims/CreateInsuranceClaim',
      await claimRequest(c, claimForm(company)),
    );
    expect(res.status).toBe(403);
    expect(res.json.codeMessageRespond).toBe('consent_required');
    expect(await stored(c)).toEqual([0, 0]);
  });
});

describe('claim files', () => {
  it('refuses a PDF as an ID side, a foreign upload and a sixth document; the uploads stay usable', async () => {
    const c = await userOn(t, 'songkhoe');
    const stranger = await userOn(t, 'songkhoe');
    const good = await claimRequest(c, claimForm(company));
    const pdfFront = await upload(c, { type: 'application/pdf', name: 'id.pdf', bytes: PDF });
    const asPdf = await c.post('InsuranceClaims/CreateInsuranceClaim', { ...good, idFrontUrl: pdfFront });
    expect(asPdf.status).toBe(400);
    expect(asPdf.json.errors).toEqual(['id_images_only']);
    const foreign = await upload(stranger, { name: 'not-mine.png' });
    const notMine = await c.post('InsuranceClaims/CreateInsuranceClaim', { ...good, idBackUrl: foreign });
    expect(notMine.status).toBe(400);
    expect(notMine.json.errors).toEqual(expect.arrayContaining(['upload_url_invalid', 'upload_id_back']));
    const six = await c.post('InsuranceClaims/CreateInsuranceClaim', {
      ...good,
      documentUrls: Array.from({ length: 6 }, (_, i) => `${(good.documentUrls as string[])[0]}?${i}`),
    });
    expect(six.status).toBe(400);
    expect(six.json.errors).toEqual(['too_many_files']);
    const wrongFolder = await upload(c, { folder: 'HealthRecords' });
    const health = await c.post('InsuranceClaims/CreateInsuranceClaim', {
      ...good,
      documentUrls: [wrongFolder],
    });
    expect(health.json.errors).toEqual(expect.arrayContaining(['upload_url_invalid']));
    expect(await stored(c)).toEqual([0, 0]);
    // Nothing was linked by the refusals: the same uploads file the claim.
    const ok = await c.post('InsuranceClaims/CreateInsuranceClaim', good);
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    const again = await c.post('InsuranceClaims/CreateInsuranceClaim', good);
    expect(again.json.errors).toEqual(expect.arrayContaining(['upload_url_invalid']));
    expect(await stored(c)).toEqual([1, 3]);
  });
});

describe("songhong's conditional accident question", () => {
  it('requires the accident date and place only when the claim was an accident, and keeps them', async () => {
    const c = await userOn(t, 'songhong');
    const id = await companyOf(c);
    const missing = await c.post(
      'InsuranceClaims/CreateInsuranceClaim',
      await claimRequest(c, claimForm(id, { wasAccident: true })),
    );
    expect(missing.status).toBe(400);
    expect(missing.json.errors).toEqual(['select_accident_date', 'valid_accident_place']);
    const accident = { wasAccident: true, accidentDate: '2026-10-30', accidentPlace: 'Ngã tư Kim Mã' };
    const filed = await c.post(
      'InsuranceClaims/CreateInsuranceClaim',
      await claimRequest(c, claimForm(id, accident)),
    );
    expect(filed.status, JSON.stringify(filed.json)).toBe(200);
    expect(filed.json.data.answers).toMatchObject(accident);
    // Not an accident: the questions do not apply, their answers are dropped, not refused.
    const plain = await c.post(
      'InsuranceClaims/CreateInsuranceClaim',
      await claimRequest(c, claimForm(id, { wasAccident: false, accidentPlace: 'x' })),
    );
    expect(plain.status, JSON.stringify(plain.json)).toBe(200);
    expect(plain.json.data.answers.wasAccident).toBe(false);
    expect(plain.json.data.answers).not.toHaveProperty('accidentPlace');
  });

  it('does not exist on songkhoe: no accident fields required, and unknown fields refused', async () => {
    const c = await userOn(t, 'songkhoe');
    const unknown = await c.post(
      'InsuranceClaims/CreateInsuranceClaim',
      await claimRequest(c, claimForm(company, { wasAccident: true })),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.json.errors).toEqual(['invalid_request']);
    const plain = await c.post(
      'InsuranceClaims/CreateInsuranceClaim',
      await claimRequest(c, claimForm(company)),
    );
    expect(plain.status).toBe(200);
  });
});

describe('status, paging and ownership', () => {
  it("lists the caller's claims newest first with the status the operator set, filtered and paged", async () => {
    const c = await userOn(t, 'songkhoe');
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await c.post(
        'InsuranceClaims/CreateInsuranceClaim',
        await claimRequest(c, claimForm(company)),
      );
      ids.push(res.json.data.insuranceClaimId);
    }
    await asOwner(t.db, 'songkhoe', (sql) =>
      setClaimStatus(sql, ids[0]!, 'approved', 'Đã duyệt 3.000.000 ₫'),
    );
    const page = await c.get('InsuranceClaims/GetMyInsuranceClaims?PageNumber=1&PageSize=2');
    expect(page.json.data.pagination).toEqual({ pageNumber: 1, pageSize: 2, totalRecords: 3 });
    expect(
      page.json.data.insuranceClaims.map((x: { insuranceClaimId: number }) => x.insuranceClaimId),
    ).toEqual([ids[2], ids[1]]);
    const approved = await c.get('InsuranceClaims/GetMyInsuranceClaims?status=approved');
    expect(approved.json.data.insuranceClaims).toEqual([
      expect.objectContaining({
        insuranceClaimId: ids[0],
        status: 'approved',
        statusNote: 'Đã duyệt 3.000.000 ₫',
      }),
    ]);
    const bad = await c.get('InsuranceClaims/GetMyInsuranceClaims?status=lost');
    expect(bad.status).toBe(400);
  });

  it("answers 404 for another user's and another tenant's claim and file ids, and lists none of theirs", async () => {
    const stranger = await userOn(t, 'songkhoe');
    const foreigner = await userOn(t, 'songhong');
    const mine = await owner.post(
      'InsuranceClaims/CreateInsuranceClaim',
      await claimRequest(owner, claimForm(company)),
    );
    const theirs = await foreigner.post(
      'InsuranceClaims/CreateInsuranceClaim',
      await claimRequest(foreigner, claimForm(await companyOf(foreigner))),
    );
    for (const c of [stranger, foreigner]) {
      // The stranger tries the foreigner's claim (another tenant's), the foreigner the owner's.
      const claim = (c === foreigner ? mine : theirs).json.data;
      const detail = await c.get(`InsuranceClaims/GetInsuranceClaim/${claim.insuranceClaimId}`);
      expect(detail.status).toBe(404);
      expect(detail.json.codeMessageRespond).toBe('insurance_claim_not_found');
      for (const f of claim.files) {
        const file = await c.get(
          `InsuranceClaims/ViewFileInsuranceClaim?id=${f.insuranceClaimFileId}&download=true`,
        );
        expect(file.status).toBe(404);
        expect(file.json.codeMessageRespond).toBe('insurance_file_not_found');
      }
    }
    const foreignClaim = theirs.json.data;
    expect(
      (await owner.get(`InsuranceClaims/GetInsuranceClaim/${foreignClaim.insuranceClaimId}`)).status,
    ).toBe(404);
    const list = await stranger.get('InsuranceClaims/GetMyInsuranceClaims');
    expect(list.json.data.insuranceClaims).toEqual([]);
  });

  it('keeps every insurance table per tenant (RLS): songhong sees none of songkhoe rows', async () => {
    for (const table of [
      'insurance_companies',
      'insurance_claims',
      'insurance_claim_files',
      'insurance_profiles',
    ]) {
      const [mine, theirs] = await Promise.all(
        ['songkhoe', 'songhong'].map((tenant) =>
          t.db.tenant(tenant, async (sql) =>
            (await sql.query<{ tenant_id: string }>(`SELECT DISTINCT tenant_id FROM ${table}`)).rows.map(
              (r) => r.tenant_id,
            ),
          ),
        ),
      );
      expect(
        mine!.every((code) => code === 'songkhoe'),
        table,
      ).toBe(true);
      expect(
        theirs!.every((code) => code === 'songhong'),
        table,
      ).toBe(true);
    }
    const songkhoeClaims = await t.db.tenant(
      'songkhoe',
      async (sql) => (await sql.query('SELECT 1 FROM insurance_claims')).rows.length,
    );
    expect(songkhoeClaims).toBeGreaterThan(0);
  });
});
