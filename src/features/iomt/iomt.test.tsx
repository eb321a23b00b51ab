import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  AdvisoryRequest,
  CareAdvisoryRequest,
  IomtDoctorList,
  IomtUserPackage,
} from '../../../schemas/iomt';
import { dismissToast, getToasts } from '../../lib/toast/toast-store';
import { saveUser } from '../../lib/user-storage';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { AdvisoryInbox } from './index';
import { Component as ServicePackagesPage } from './routes/service-packages-page';

/**
 * /service-packages and the doctors' advice inbox against the contract of schemas/iomt.ts (and the
 * purchases checkout), faked at the fetch boundary.
 */
const held: IomtUserPackage[] = [
  {
    userPackageId: 3,
    iomtPackageId: 1,
    name: 'Theo dõi huyết áp',
    description: '',
    devices: 'Máy đo huyết áp',
    startsAt: '2026-11-01T01:00:00.000Z',
    expiresAt: '2027-02-01T01:00:00.000Z',
    status: 'active',
  },
];
const doctors: IomtDoctorList = {
  doctors: [
    {
      doctorId: 5,
      fullName: 'Lê Thu',
      title: 'BS.',
      photo: '',
      specialities: [{ specialityId: 1, name: 'Tim mạch' }],
      online: true,
    },
  ],
  pagination: { pageNumber: 1, pageSize: 10, totalRecords: 1 },
};
const asked: AdvisoryRequest = {
  advisoryRequestId: 9,
  patientId: 2,
  patientName: 'Trần Hoa',
  packageName: 'Theo dõi huyết áp',
  doctorId: null,
  doctorName: null,
  message: 'Huyết áp 150/95',
  status: 'open',
  createdAt: '2026-11-27T02:00:00.000Z',
  answer: null,
};
const pageRoutes = (more: Record<string, unknown> = {}) => ({
  'WalletHistories/GetListIomtPackageOfUser': { data: held },
  'Iomt/GetDoctorIomtForUser': { data: doctors },
  'Iomt/CheckIomtCallDiriectOfUser': { data: { canCall: true, reason: null, doctorsOnline: 1 } },
  'Iomt/GetAdvisoryRequests': {
    data: { requests: [], pagination: { pageNumber: 1, pageSize: 10, totalRecords: 0 } },
  },
  'Iomt/GetAllIomtPackage': {
    data: [
      {
        iomtPackageId: 1,
        name: 'Theo dõi huyết áp',
        description: '',
        devices: 'Máy đo',
        durationMonths: 3,
        price: 1500000,
      },
    ],
  },
  'Patients/GetPatients': { data: [{ patientId: 2, isSelf: true, fullName: 'Trần Hoa' }] },
  ...more,
});

beforeEach(() => saveUser({ userId: 7, token: 'secret-token' }));
afterEach(() => {
  for (const toast of getToasts()) dismissToast(toast.id);
  vi.unstubAllGlobals();
});

describe('/service-packages', () => {
  it('shows the package held and its doctors, refuses an empty question in place, sends a cleaned one', async () => {
    const api = fakeApi(pageRoutes({ 'POST Iomt/ReceivingAdvisory': { data: asked } }));
    const { container } = renderWithProviders(<ServicePackagesPage />, { path: '/service-packages' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Gói theo dõi sức khỏe từ xa' }),
    ).toBeTruthy();
    const list = await screen.findByRole('region', { name: 'Danh sách bác sĩ trong gói IOMT' });
    expect(await within(list).findByText('BS. Lê Thu')).toBeTruthy();
    expect(within(list).getByText('Đang trực tuyến')).toBeTruthy();

    const user = userEvent.setup();
    const field = await screen.findByLabelText('Nội dung cần tư vấn');
    await user.click(screen.getByRole('button', { name: 'Gửi câu hỏi' }));
    expect(await screen.findByText('Vui lòng nhập nội dung cần tư vấn (tối đa 2000 ký tự).')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls('POST', 'Iomt/ReceivingAdvisory')).toHaveLength(0);

    await user.type(field, '  Huyết áp 150/95  ');
    await user.selectOptions(screen.getByLabelText('Gửi cho'), '5');
    await user.click(screen.getByRole('button', { name: 'Gửi câu hỏi' }));
    expect(await screen.findByText(/Đã gửi câu hỏi/)).toBeTruthy();
    expect(api.calls('POST', 'Iomt/ReceivingAdvisory')[0]!.body).toEqual({
      message: 'Huyết áp 150/95',
      doctorId: 5,
    });
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  });

  it('says a refusal in the words of the monitoring package (package_expired)', async () => {
    fakeApi(pageRoutes({ 'POST Iomt/ReceivingAdvisory': { status: 409, code: 'package_expired' } }));
    renderWithProviders(<ServicePackagesPage />, { path: '/service-packages' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nội dung cần tư vấn'), 'Hỏi');
    await user.click(screen.getByRole('button', { name: 'Gửi câu hỏi' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Gói theo dõi sức khỏe của bạn đã hết hạn.');
  });

  it('buys through the checkout with packageType iomt, and says why when it cannot', async () => {
    const api = fakeApi(
      pageRoutes({
        'POST Payments/CallDiriectCheckoutRequest': { status: 409, code: 'direct_call_checkout_unavailable' },
      }),
    );
    renderWithProviders(<ServicePackagesPage />, { path: '/service-packages' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mua gói Theo dõi huyết áp' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Chưa thể thanh toán gói theo dõi sức khỏe. Vui lòng thử lại sau.',
    );
    expect(api.calls('POST', 'Payments/CallDiriectCheckoutRequest')[0]!.body).toEqual({
      packageId: 1,
      packageType: 'iomt',
      paymentMethod: 1,
    });
  });
});

describe("the doctors' advice inbox", () => {
  it('lists the open questions and answers one', async () => {
    const open: CareAdvisoryRequest = {
      advisoryRequestId: 9,
      patientName: 'Trần Hoa',
      packageName: 'Theo dõi huyết áp',
      askedYou: true,
      message: 'Huyết áp 150/95',
      status: 'open',
      createdAt: '2026-11-27T02:00:00.000Z',
      answer: null,
    };
    const api = fakeApi({
      'Care/AdvisoryRequests': {
        data: { requests: [open], pagination: { pageNumber: 1, pageSize: 10, totalRecords: 1 } },
      },
      'POST Care/AdvisoryRequests/9/Answer': { data: { ...open, status: 'answered' } },
    });
    renderWithProviders(<AdvisoryInbox timeZone="Asia/Ho_Chi_Minh" />);
    const inbox = await screen.findByRole('region', { name: 'Câu hỏi tư vấn từ gói theo dõi sức khỏe' });
    expect(await within(inbox).findByText('Huyết áp 150/95')).toBeTruthy();
    expect(within(inbox).getByText('Hỏi riêng bạn')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(within(inbox).getByLabelText('Câu trả lời cho Trần Hoa'), 'Đo lại sau 30 phút');
    await user.click(within(inbox).getByRole('button', { name: 'Gửi câu trả lời' }));
    await waitFor(() => expect(api.calls('POST', 'Care/AdvisoryRequests/9/Answer')).toHaveLength(1));
    expect(api.calls('POST', 'Care/AdvisoryRequests/9/Answer')[0]!.body).toEqual({
      answer: 'Đo lại sau 30 phút',
    });
    await waitFor(() =>
      expect(getToasts().map((t) => t.message)).toContain('Đã gửi câu trả lời cho Trần Hoa.'),
    );
  });
});
