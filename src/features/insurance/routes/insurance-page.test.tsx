import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import songhong from '../../../../tenants/songhong/tenant.json';
import { saveUser } from '../../../lib/user-storage';
import { bootBundle } from '../../../test/boot-bundle';
import { renderWithProviders } from '../../../test/render';
import type { InsuranceClaim, InsuranceProfile } from '../api';
import { fakeApi } from '../../../test/fake-api';
import { Component } from './insurance-page';

const profile: InsuranceProfile = {
  insuranceProfileId: 5,
  patientId: 11,
  insuredName: 'Lê An',
  insuranceCompanyId: 3,
  insuranceCompanyName: 'Bảo hiểm Sông Xanh',
  healthCardNumber: 'DN4010123456789',
  socialCardNumber: null,
  contractNumber: 'HĐ-88',
  healthCardPhotoUrl: null,
  socialCardPhotoUrl: null,
  updatedAt: '2026-11-20T03:00:00.000Z',
};
const claim = (id: number, status: InsuranceClaim['status'], note: string | null = null): InsuranceClaim => ({
  insuranceClaimId: id,
  insuranceCompanyId: 3,
  insuranceCompanyName: 'Bảo hiểm Sông Xanh',
  insuredName: 'Lê An',
  policyNumber: 'HD-01',
  eventDate: '2026-11-01',
  providerName: 'Bệnh viện Sông Hồng',
  claimAmount: 3_500_000,
  status,
  statusNote: note,
  statusChangedAt: null,
  // 24 Nov 00:30 in Vietnam.
  createdAt: '2026-11-23T17:30:00.000Z',
});

let api: ReturnType<typeof fakeApi>;
let profiles: InsuranceProfile[] = [];
beforeEach(() => {
  profiles = [profile];
  saveUser({ userId: 7, token: 'secret-token' });
  api = fakeApi(({ method, path }) => {
    if (path === 'InsuranceProfiles/GetInsuranceProfiles') return { data: profiles };
    if (path === 'InsuranceClaims/GetMyInsuranceClaims')
      return {
        data: {
          insuranceClaims: [claim(2, 'approved', 'Đã duyệt 3.000.000 ₫'), claim(1, 'in_review')],
          pagination: { pageNumber: 1, pageSize: 15, totalRecords: 2 },
        },
      };
    if (path === 'InsuranceClaims/GetInsuranceClaim/2')
      return {
        data: {
          ...claim(2, 'approved', 'Đã duyệt 3.000.000 ₫'),
          dateOfBirth: null,
          idNumber: null,
          reason: 'Gãy tay',
          answers: { insuredName: 'Lê An', wasAccident: true, accidentPlace: 'Ngã tư Kim Mã' },
          termsAcceptedAt: '2026-11-23T17:30:00.000Z',
          files: [
            {
              insuranceClaimFileId: 9,
              kind: 'document',
              fileName: 'hoa-don.pdf',
              contentType: 'application/pdf',
              sizeBytes: 1000,
              fileHttpUrl: 'http://portal.test/api/v1/InsuranceClaims/ViewFileInsuranceClaim?id=9',
            },
          ],
        },
      };
    if (method === 'DELETE' && path === 'InsuranceProfiles/DeleteInsuranceProfile') {
      profiles = [];
      return { data: { insuranceProfileId: 5 } };
    }
    return null;
  });
});
afterEach(() => vi.unstubAllGlobals());

const bundle = () => bootBundle({ forms: { 'insurance-claim': songhong.forms['insurance-claim'] } as never });

describe('Insurance information page', { timeout: 40_000 }, () => {
  it("lists the profiles and the claims with each one's status in words, and opens a claim", async () => {
    renderWithProviders(<Component />, { path: '/me/insurance', bundle: bundle() });
    expect(await screen.findByRole('heading', { name: 'Lê An' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('DN4010123456789')).toBeTruthy();
    const claims = await screen.findAllByRole('heading', { name: /Yêu cầu #/ });
    expect(claims.map((h) => h.textContent)).toEqual(['Yêu cầu #2 · Lê An', 'Yêu cầu #1 · Lê An']);
    expect(screen.getByText('Đã duyệt')).toBeTruthy();
    expect(screen.getByText('Đang xem xét')).toBeTruthy();
    expect(screen.getByText('Đã duyệt 3.000.000 ₫')).toBeTruthy();
    expect(screen.getAllByText('24/11/2026')).toHaveLength(2);
    expect(Object.fromEntries(api.calls('GET', 'InsuranceClaims/GetMyInsuranceClaims')[0]!.search)).toEqual({
      PageNumber: '1',
      PageSize: '15',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Xem chi tiết: Yêu cầu #2' }));
    const dialog = await screen.findByRole('dialog');
    // The tenant's question is shown with its own title, in the page language.
    expect(await within(dialog).findByText('Nơi xảy ra tai nạn')).toBeTruthy();
    expect(within(dialog).getByText('Ngã tư Kim Mã')).toBeTruthy();
    expect(within(dialog).getByText('Có')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Hồ sơ: hoa-don.pdf' })).toBeTruthy();
  });

  it('deletes a profile after confirmation', async () => {
    renderWithProviders(<Component />, { path: '/me/insurance', bundle: bundle() });
    await userEvent.click(await screen.findByRole('button', { name: 'Xóa: Lê An' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Xóa' }));
    await waitFor(() =>
      expect(api.calls('DELETE', 'InsuranceProfiles/DeleteInsuranceProfile')).toHaveLength(1),
    );
    expect(api.calls('DELETE', 'InsuranceProfiles/DeleteInsuranceProfile')[0]!.search.get('id')).toBe('5');
    expect(await screen.findByText('Bạn chưa có hồ sơ bảo hiểm nào.')).toBeTruthy();
  });
});
