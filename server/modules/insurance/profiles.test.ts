import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/helpers/test-app';
import { asOwner } from '../appointments/care-fixtures';
import { PDF, PNG, companyOf, count, createInsuranceApp, upload, userOn, type Client } from './test-fixtures';

/**
 * InsuranceProfiles/*: the insured person (one of the caller's patients), company, card numbers
 * and photos (private 'InsuranceCards', images only), contract number; consent; ownership.
 */

let t: TestApp;
let company: number;
beforeAll(async () => {
  t = await createInsuranceApp();
  company = await companyOf(await userOn(t, 'songkhoe'));
});
afterAll(() => t.close());

const card = (c: Client, name = 'the-bhyt.png') => upload(c, { folder: 'InsuranceCards', name });
const profile = (c: Client, extra: Record<string, unknown> = {}) => ({
  patientId: c.user.patientId,
  insuranceCompanyId: company,
  healthCardNumber: 'DN4010123456789',
  socialCardNumber: '0123456789',
  contractNumber: 'HĐ-88/2026',
  ...extra,
});
const path = (url: string) => url.replace(/^https?:\/\/[^/]+\/api\/v1\//, '');

describe('insurance profiles', () => {
  it('saves a profile with card photos, lists it and shows each photo to its owner only', async () => {
    const c = await userOn(t, 'songkhoe');
    const res = await c.post(
      'InsuranceProfiles/SaveInsuranceProfile',
      profile(c, { healthCardPhotoUrl: await card(c), socialCardPhotoUrl: await card(c, 'the-bhxh.png') }),
    );
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data).toMatchObject({
      insuredName: 'Nguyễn Văn An',
      healthCardNumber: 'DN4010123456789',
      contractNumber: 'HĐ-88/2026',
      insuranceCompanyName: 'Song Xanh Insurance',
    });
    const list = await c.get('InsuranceProfiles/GetInsuranceProfiles');
    expect(list.json.data).toHaveLength(1);
    const photo = await c.get(path(list.json.data[0].healthCardPhotoUrl));
    expect(photo.status).toBe(200);
    expect(photo.body.equals(PNG)).toBe(true);
    expect(photo.headers['content-type']).toBe('image/png');
    const log = await asOwner(t.db, 'songkhoe', (sql) =>
      sql.query<{ action: string; resource_kind: string; patient_id: number | null }>(
        'SELECT action, resource_kind, patient_id FROM data_access_log WHERE user_id = $1 ORDER BY access_id',
        [c.user.userId],
      ),
    );
    expect(log.rows).toEqual([
      { action: 'list', resource_kind: 'insurance_profile', patient_id: null },
      { action: 'view', resource_kind: 'insurance_profile', patient_id: c.user.patientId },
    ]);
  });

  it('keeps a photo when omitted, removes it with null and erases the file', async () => {
    const c = await userOn(t, 'songkhoe');
    const first = await c.post(
      'InsuranceProfiles/SaveInsuranceProfile',
      profile(c, { healthCardPhotoUrl: await card(c) }),
    );
    const id = first.json.data.insuranceProfileId;
    const photoUrl = path(first.json.data.healthCardPhotoUrl);
    const kept = await c.post(
      'InsuranceProfiles/SaveInsuranceProfile',
      profile(c, { insuranceProfileId: id, contractNumber: null }),
    );
    expect(kept.json.data.healthCardPhotoUrl).not.toBeNull();
    expect(kept.json.data.contractNumber).toBeNull();
    const removed = await c.post(
      'InsuranceProfiles/SaveInsuranceProfile',
      profile(c, { insuranceProfileId: id, healthCardPhotoUrl: null }),
    );
    expect(removed.json.data.healthCardPhotoUrl).toBeNull();
    expect((await c.get(photoUrl)).status).toBe(404);
  });

  it('refuses a PDF card photo at upload, and bad fields with their keys', async () => {
    const c = await userOn(t, 'songkhoe');
    const grant = await c.post('Storages/GetUploadUrls', {
      files: [{ fileType: 'application/pdf', fileName: 'card.pdf', folderName: 'InsuranceCards' }],
    });
    expect(grant.status).toBe(400);
    const stranger = await userOn(t, 'songkhoe');
    const res = await c.post(
      'InsuranceProfiles/SaveInsuranceProfile',
      profile(c, { patientId: stranger.user.patientId, insuranceCompanyId: 999_999 }),
    );
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual(['select_insured_person', 'select_insurance_company']);
    const numbers = await c.post(
      'InsuranceProfiles/SaveInsuranceProfile',
      profile(c, { healthCardNumber: '<script>' }),
    );
    expect(numbers.json.errors).toEqual(['valid_health_card_number']);
    const foreignPhoto = await c.post(
      'InsuranceProfiles/SaveInsuranceProfile',
      profile(c, { socialCardPhotoUrl: await card(stranger) }),
    );
    expect(foreignPhoto.json.errors).toEqual(['upload_url_invalid']);
    const claimFolder = await upload(c, { type: 'application/pdf', bytes: PDF });
    const wrong = await c.post(
      'InsuranceProfiles/SaveInsuranceProfile',
      profile(c, { healthCardPhotoUrl: claimFolder }),
    );
    expect(wrong.json.errors).toEqual(['upload_url_invalid']);
    expect(await count(t, 'songkhoe', 'insurance_profiles', c.user.userId)).toBe(0);
  });

  it('asks for the health-data consent first', async () => {
    const c = await userOn(t, 'songkhoe', { consent: false });
    const res = await c.post('InsuranceProfiles/SaveInsuranceProfile', profile(c));
    expect(res.status).toBe(403);
    expect(res.json.codeMessageRespond).toBe('consent_required');
    expect(await count(t, 'songkhoe', 'insurance_profiles', c.user.userId)).toBe(0);
  });

  it("answers 404 for another user's and another tenant's profile on change, delete and photo", async () => {
    const owner = await userOn(t, 'songkhoe');
    const stranger = await userOn(t, 'songkhoe');
    const foreigner = await userOn(t, 'songhong');
    const mine = await owner.post(
      'InsuranceProfiles/SaveInsuranceProfile',
      profile(owner, { healthCardPhotoUrl: await card(owner) }),
    );
    const id = mine.json.data.insuranceProfileId as number;
    for (const c of [stranger, foreigner]) {
      const change = await c.post('InsuranceProfiles/SaveInsuranceProfile', {
        ...profile(c, { insuranceCompanyId: await companyOf(c) }),
        insuranceProfileId: id,
      });
      expect(change.status).toBe(404);
      expect(change.json.codeMessageRespond).toBe('insurance_profile_not_found');
      expect((await c.del(`InsuranceProfiles/DeleteInsuranceProfile?id=${id}`)).status).toBe(404);
      expect((await c.get(`InsuranceProfiles/ViewCardPhoto?id=${id}&side=health`)).status).toBe(404);
      expect((await c.get('InsuranceProfiles/GetInsuranceProfiles')).json.data).toEqual([]);
    }
    const still = await owner.get('InsuranceProfiles/GetInsuranceProfiles');
    expect(still.json.data[0]).toMatchObject({ insuranceProfileId: id, contractNumber: 'HĐ-88/2026' });
    const deleted = await owner.del(`InsuranceProfiles/DeleteInsuranceProfile?id=${id}`);
    expect(deleted.json.data).toEqual({ insuranceProfileId: id });
    expect((await owner.get(`InsuranceProfiles/ViewCardPhoto?id=${id}&side=health`)).status).toBe(404);
  });

  it('is not offered where insurance is off (saomai)', async () => {
    const c = await userOn(t, 'saomai');
    const res = await c.get('InsuranceProfiles/GetInsuranceProfiles');
    expect(res.status).toBe(404);
    expect(res.json.codeMessageRespond).toBe('feature_disabled');
  });
});
