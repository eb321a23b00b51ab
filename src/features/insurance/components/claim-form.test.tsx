import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import songhong from '../../../../tenants/songhong/tenant.json';
import { saveUser } from '../../../lib/user-storage';
import { bootBundle } from '../../../test/boot-bundle';
import { renderWithProviders } from '../../../test/render';
import { fakeApi } from '../../../test/fake-api';
import { ClaimForm } from './claim-form';

/**
 * The claim form rendered from the tenant's merged schema: songhong's conditional accident
 * question shows its date and place only when the answer is yes, requires them only then, and
 * sends no answer to a question that does not apply; songkhoe (no override) has no such question.
 */

let api: ReturnType<typeof fakeApi>;
let uploads = 0;
let withProfile = false;

beforeEach(() => {
  uploads = 0;
  withProfile = false;
  saveUser({ userId: 7, token: 'secret-token' });
  api = fakeApi(({ method, path, body }) => {
    if (path === 'InsuranceClaims/GetAllInsuranceCompanies')
      return {
        data: [
          { insuranceCompanyId: 3, name: 'Bảo hiểm Sông Xanh' },
          { insuranceCompanyId: 4, name: 'Bảo hiểm Núi Bạc' },
        ],
      };
    if (path === 'Storages/GetUploadUrls')
      return {
        data: {
          fileUploads: (body as { files: unknown[] }).files.map(() => {
            uploads += 1;
            return {
              uploadUrl: `http://portal.test/upload/${uploads}`,
              fileHttpUrl: `http://portal.test/api/v1/Storages/Files/songhong/InsuranceClaims/${uploads}.png`,
            };
          }),
        },
      };
    if (method === 'PUT') return { data: { fileHttpUrl: `http://portal.test/${path}` } };
    if (path === 'InsuranceProfiles/GetInsuranceProfiles' && withProfile)
      return {
        data: [
          {
            insuranceProfileId: 5,
            patientId: 11,
            insuredName: 'Lê An',
            insuranceCompanyId: 4,
            insuranceCompanyName: 'Bảo hiểm Núi Bạc',
            healthCardNumber: null,
            socialCardNumber: null,
            contractNumber: 'HD-88',
            healthCardPhotoUrl: null,
            socialCardPhotoUrl: null,
            updatedAt: '2026-11-20T03:00:00.000Z',
          },
        ],
      };
    if (path === 'Patients/GetPatients' && withProfile)
      return {
        data: [
          {
            patientId: 11,
            isSelf: true,
            fullName: 'Lê An',
            dateOfBirth: '1990-05-06',
            idNumber: '001090012345',
          },
        ],
      };
    if (path === 'InsuranceClaims/CreateInsuranceClaim')
      return { data: { insuranceClaimId: 99, status: 'submitted', files: [], answers: {} } };
    return null;
  });
});
afterEach(() => vi.unstubAllGlobals());

const withAccidentQuestion = () =>
  bootBundle({ forms: { 'insurance-claim': songhong.forms['insurance-claim'] } as never });

async function fillBase() {
  await screen.findByRole('option', { name: 'Bảo hiểm Sông Xanh' });
  await userEvent.selectOptions(screen.getByLabelText(/Công ty bảo hiểm/), 'Bảo hiểm Sông Xanh');
  fireEvent.change(screen.getByLabelText(/Tên người được bảo hiểm/), { target: { value: 'Lê An' } });
  fireEvent.change(screen.getByLabelText(/Số hợp đồng/), { target: { value: 'HD-01' } });
  fireEvent.change(screen.getByLabelText(/Lý do/), { target: { value: 'Viêm phổi' } });
  fireEvent.change(screen.getByLabelText(/Ngày xảy ra sự kiện/), { target: { value: '2026-11-01' } });
  fireEvent.change(screen.getByLabelText(/Tên cơ sở/), { target: { value: 'Bệnh viện Sông Hồng' } });
  fireEvent.change(screen.getByLabelText(/Số tiền/), { target: { value: '3500000' } });
  const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'cccd.png', { type: 'image/png' });
  await userEvent.upload(screen.getByLabelText(/mặt trước/), png());
  await userEvent.upload(screen.getByLabelText(/mặt sau/), png());
  await userEvent.upload(
    screen.getByLabelText(/Hồ sơ yêu cầu/),
    new File(['%PDF-1.4'], 'hoa-don.pdf', { type: 'application/pdf' }),
  );
  await userEvent.click(screen.getByLabelText(/Tôi cam kết/));
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Gửi yêu cầu bồi thường' }));
const created = () => api.calls('POST', 'InsuranceClaims/CreateInsuranceClaim');

describe('ClaimForm', { timeout: 40_000 }, () => {
  it("shows and requires songhong's accident date and place only when the claim was an accident", async () => {
    const onFiled = vi.fn();
    renderWithProviders(<ClaimForm onFiled={onFiled} />, { bundle: withAccidentQuestion() });
    await fillBase();
    expect(screen.getByText('Có phải do tai nạn không?')).toBeTruthy();
    // The yes/no group carries the question as its name (screen readers announce it).
    expect(screen.getByRole('radiogroup', { name: /Có phải do tai nạn không\?/ })).toBeTruthy();
    expect(screen.queryByLabelText(/Ngày xảy ra tai nạn/)).toBeNull();
    expect(screen.queryByLabelText(/Nơi xảy ra tai nạn/)).toBeNull();

    await userEvent.click(screen.getByLabelText('Có'));
    const date = await screen.findByLabelText(/Ngày xảy ra tai nạn/);
    const place = screen.getByLabelText(/Nơi xảy ra tai nạn/);
    expect(date.hasAttribute('required')).toBe(true);
    expect(place.hasAttribute('required')).toBe(true);
    await submit();
    const errorsOf = (label: RegExp) =>
      screen.getByLabelText(label).closest('.form-group')?.querySelector('.error-detail')?.textContent ?? '';
    await waitFor(() => expect(errorsOf(/Ngày xảy ra tai nạn/)).not.toBe(''));
    expect(errorsOf(/Nơi xảy ra tai nạn/)).not.toBe('');
    expect(errorsOf(/Tên người được bảo hiểm/)).toBe('');
    expect(created()).toHaveLength(0);

    fireEvent.change(place, { target: { value: 'Ngã tư Kim Mã' } });
    await userEvent.click(screen.getByLabelText('Không'));
    await waitFor(() => expect(screen.queryByLabelText(/Nơi xảy ra tai nạn/)).toBeNull());
    await submit();
    await waitFor(() => expect(onFiled).toHaveBeenCalled());
    const body = created()[0]!.body as {
      claim: Record<string, unknown>;
      documentUrls: string[];
      acceptTerms: boolean;
    };
    expect(body.claim).toMatchObject({ insuranceCompanyId: 3, wasAccident: false, claimAmount: 3500000 });
    expect(body.claim).not.toHaveProperty('accidentPlace');
    expect(body.documentUrls).toHaveLength(1);
    expect(body.acceptTerms).toBe(true);
  });

  it('sends the accident answers when they apply', async () => {
    const onFiled = vi.fn();
    renderWithProviders(<ClaimForm onFiled={onFiled} />, { bundle: withAccidentQuestion() });
    await fillBase();
    await userEvent.click(screen.getByLabelText('Có'));
    fireEvent.change(await screen.findByLabelText(/Ngày xảy ra tai nạn/), {
      target: { value: '2026-10-30' },
    });
    fireEvent.change(screen.getByLabelText(/Nơi xảy ra tai nạn/), { target: { value: 'Ngã tư Kim Mã' } });
    await submit();
    await waitFor(() => expect(onFiled).toHaveBeenCalled());
    expect((created()[0]!.body as { claim: object }).claim).toMatchObject({
      wasAccident: true,
      accidentDate: '2026-10-30',
      accidentPlace: 'Ngã tư Kim Mã',
    });
  });

  it("fills the claim from an insurance profile and its person's birth date and ID number", async () => {
    withProfile = true;
    renderWithProviders(<ClaimForm onFiled={vi.fn()} />, { bundle: bootBundle() });
    await screen.findByRole('option', { name: 'Bảo hiểm Núi Bạc' });
    await screen.findByRole('option', { name: 'Lê An · Bảo hiểm Núi Bạc' });
    await userEvent.selectOptions(
      screen.getByLabelText('Điền từ hồ sơ bảo hiểm'),
      'Lê An · Bảo hiểm Núi Bạc',
    );
    await waitFor(() =>
      expect((screen.getByLabelText(/Tên người được bảo hiểm/) as HTMLInputElement).value).toBe('Lê An'),
    );
    expect((screen.getByLabelText(/Công ty bảo hiểm/) as HTMLSelectElement).value).toBe('4');
    expect((screen.getByLabelText(/Số hợp đồng/) as HTMLInputElement).value).toBe('HD-88');
    expect((screen.getByLabelText(/Ngày sinh/) as HTMLInputElement).value).toBe('1990-05-06');
    expect((screen.getByLabelText(/Số CMND/) as HTMLInputElement).value).toBe('001090012345');
  });

  it('has no accident question without the override, and refuses missing files and terms before sending', async () => {
    renderWithProviders(<ClaimForm onFiled={vi.fn()} />, { bundle: bootBundle() });
    await screen.findByLabelText(/Công ty bảo hiểm/);
    expect(screen.queryByText('Có phải do tai nạn không?')).toBeNull();
    await submit();
    expect(await screen.findByText('Vui lòng tải lên ảnh mặt trước giấy tờ tùy thân.')).toBeTruthy();
    expect(screen.getByText('Vui lòng đồng ý với điều khoản.')).toBeTruthy();
    expect(created()).toHaveLength(0);
    expect(uploads).toBe(0);
  });
});
