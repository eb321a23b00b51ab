import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveUser } from '../../../lib/user-storage';
import { renderWithProviders } from '../../../test/render';
import { fakeFeeApi, request } from '../test-api';
import { Component as ListPage } from './fee-guarantee-list-page';
import { Component as NewPage } from './new-request-page';
import { Component as OutcomePage } from './outcome-page';
import { Component as RequestPage } from './request-page';

// The namespace and page chunks load lazily: give them time on a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => vi.unstubAllGlobals());

const DETAIL = 'HospitalBillCoverages/GetHospitalBillCoverage/7';
const page = (feeGuarantees: unknown[]) => ({
  feeGuarantees,
  pagination: { pageNumber: 1, pageSize: 15, totalRecords: feeGuarantees.length },
});
const detail = (route = '/me/fee-guarantee/:id', path = '/me/fee-guarantee/7') => ({ route, path });

describe('fee guarantee pages', { timeout: 30_000 }, () => {
  it('lists the requests with their status in words, newest first', async () => {
    fakeFeeApi({
      'HospitalBillCoverages/GetMyHospitalBillCoverages': {
        data: {
          feeGuarantees: [
            request({ feeGuaranteeId: 9, status: 'approved', approvedAmount: 4_500_000 }),
            request({ feeGuaranteeId: 7, status: 'rejected', appointmentNumber: null }),
          ],
          pagination: { pageNumber: 1, pageSize: 15, totalRecords: 2 },
        },
      },
    });
    renderWithProviders(<ListPage />, { path: '/me/fee-guarantee' });
    const list = await screen.findByRole('list', { name: 'Các yêu cầu bảo lãnh của bạn' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Đã duyệt – chờ ký xác nhận')).toBeTruthy();
    expect(within(items[0]!).getByText('4.500.000 ₫')).toBeTruthy();
    expect(within(items[1]!).getByText('Bị từ chối')).toBeTruthy();
    expect(within(items[0]!).getByRole('link').getAttribute('href')).toBe('/me/fee-guarantee/9');
    expect(screen.getByRole('link', { name: 'Tạo yêu cầu bảo lãnh' }).getAttribute('href')).toBe(
      '/me/fee-guarantee/new',
    );
  });

  it('waiting for approval: says so, and cancels after confirmation', async () => {
    let status: 'waiting' | 'cancelled' = 'waiting';
    const sent = fakeFeeApi({
      [DETAIL]: () => ({ data: request({ status }) }),
      'POST HospitalBillCoverages/CancelHospitalBillCoverage/7': () => {
        status = 'cancelled';
        return { data: request({ status }) };
      },
    });
    renderWithProviders(<RequestPage />, detail());
    expect(await screen.findByText(/đang chờ bệnh viện và công ty bảo hiểm duyệt/)).toBeTruthy();
    expect(screen.getByText('Chờ duyệt')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Ký xác nhận' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Hủy yêu cầu' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hủy yêu cầu' }));
    expect(await screen.findByText('Bạn đã hủy yêu cầu này.')).toBeTruthy();
    expect(sent.filter((s) => s.method === 'POST')).toHaveLength(1);
  });

  it('the result: approved amount with the way to sign, or the rejection reason', async () => {
    fakeFeeApi({ [DETAIL]: { data: request({ status: 'approved', approvedAmount: 3_000_000 }) } });
    const first = renderWithProviders(<RequestPage />, detail());
    expect(await screen.findByText(/Bệnh viện đồng ý bảo lãnh 3\.000\.000 ₫/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ký xác nhận' }).getAttribute('href')).toBe(
      '/me/fee-guarantee/7/sign',
    );
    expect(screen.queryByRole('button', { name: 'Hủy yêu cầu' })).toBeNull();
    first.unmount();
    fakeFeeApi({ [DETAIL]: { data: request({ status: 'rejected', decisionNote: 'Hợp đồng hết hạn' }) } });
    renderWithProviders(<RequestPage />, detail());
    expect(await screen.findByText('Lý do: Hợp đồng hết hạn')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Ký xác nhận' })).toBeNull();
  });

  it('signed: shows the signature fetched with the bearer token', async () => {
    saveUser({ userId: 5, token: 'tok-9' } as Parameters<typeof saveUser>[0]);
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:sig', revokeObjectURL: () => undefined }),
    );
    const sent = fakeFeeApi({
      [DETAIL]: {
        data: request({
          status: 'signed',
          approvedAmount: 3_000_000,
          signedAt: '2030-03-04T03:00:00.000Z',
          signatureUrl: 'http://portal.test/api/v1/HospitalBillCoverages/ViewSignature/7',
        }),
      },
      'HospitalBillCoverages/ViewSignature/7': { data: null },
    });
    renderWithProviders(<RequestPage />, detail());
    expect(await screen.findByText(/Bạn đã ký xác nhận bảo lãnh/)).toBeTruthy();
    const image = await screen.findByRole('img', { name: 'Chữ ký của bạn' });
    expect(image.getAttribute('src')).toBe('blob:sig');
    expect(screen.getByRole('button', { name: 'Tải giấy xác nhận (PDF)' })).toBeTruthy();
    expect(sent.find((s) => s.path === 'HospitalBillCoverages/ViewSignature/7')?.authorization).toBe(
      'Bearer tok-9',
    );
  });

  it('another user’s id reads as not found', async () => {
    fakeFeeApi({ [DETAIL]: { status: 404, code: 'fee_guarantee_not_found' } });
    renderWithProviders(<RequestPage />, detail());
    expect(await screen.findByText('Không tìm thấy yêu cầu bảo lãnh viện phí.')).toBeTruthy();
  });

  it('the outcome page says success or failure with the reason', async () => {
    const ok = renderWithProviders(
      <OutcomePage />,
      detail('/me/fee-guarantee/:id/outcome', '/me/fee-guarantee/7/outcome?result=success'),
    );
    expect(await screen.findByRole('heading', { name: 'Ký xác nhận thành công' })).toBeTruthy();
    ok.unmount();
    renderWithProviders(
      <OutcomePage />,
      detail(
        '/me/fee-guarantee/:id/outcome',
        '/me/fee-guarantee/7/outcome?result=failure&reason=fee_guarantee_already_signed',
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Ký xác nhận không thành công' })).toBeTruthy();
    expect(screen.getByText(/Bảo lãnh này đã được ký xác nhận\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ký lại' }).getAttribute('href')).toBe(
      '/me/fee-guarantee/7/sign',
    );
  });

  it('from an appointment with payment method 3: prefilled, sends its id', async () => {
    const sent = fakeFeeApi({
      'Appointments/GetAppointment/41': {
        data: { appointmentId: 41, appointmentNumber: 'SH-41', paymentMethod: 3, hospitalId: 2 },
      },
      'HospitalBillCoverages/GetMyHospitalBillCoverages': { data: page([request({ status: 'rejected' })]) },
      'POST HospitalBillCoverages/CreateHospitalBillCoverage': { data: request() },
      [DETAIL]: { data: request() },
    });
    renderWithProviders(<NewPage />, { path: '/me/fee-guarantee/new?appointmentId=41' });
    expect(await screen.findByText(/Cho lịch hẹn số SH-41/)).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Bệnh viện' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Gửi yêu cầu' }));
    expect(await screen.findByText('Vui lòng nhập công ty bảo hiểm.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Công ty bảo hiểm'), 'Bảo Việt');
    await userEvent.type(screen.getByLabelText('Số hợp đồng / thẻ bảo hiểm'), 'BV-1');
    await userEvent.click(screen.getByRole('button', { name: 'Gửi yêu cầu' }));
    await waitFor(() =>
      expect(sent.find((s) => s.method === 'POST')?.body).toEqual({
        appointmentId: 41,
        insuranceCompany: 'Bảo Việt',
        policyNumber: 'BV-1',
        estimatedAmount: null,
        note: '',
      }),
    );
  });

  it('an appointment that already has a live request links to it instead of a second form', async () => {
    const sent = fakeFeeApi({
      'Appointments/GetAppointment/41': {
        data: { appointmentId: 41, appointmentNumber: 'SH-41', paymentMethod: 3, hospitalId: 2 },
      },
      'HospitalBillCoverages/GetMyHospitalBillCoverages': { data: page([request({ status: 'approved' })]) },
    });
    renderWithProviders(<NewPage />, { path: '/me/fee-guarantee/new?appointmentId=41' });
    expect(await screen.findByText(/Lịch hẹn này đã có yêu cầu bảo lãnh viện phí\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Xem yêu cầu' }).getAttribute('href')).toBe(
      '/me/fee-guarantee/7',
    );
    expect(screen.queryByRole('button', { name: 'Gửi yêu cầu' })).toBeNull();
    expect(
      sent
        .find((s) => s.path === 'HospitalBillCoverages/GetMyHospitalBillCoverages')
        ?.search.get('AppointmentId'),
    ).toBe('41');
  });

  it('from the menu: who (family picker) and which hospital, then the request', async () => {
    const person = { isSelf: false, relationName: 'Mẹ', age: { years: 70 }, missing: [] };
    const sent = fakeFeeApi({
      'Patients/GetPatients': {
        data: [
          { ...person, patientId: 1, isSelf: true, fullName: 'Lê Văn Tự', relationName: null },
          { ...person, patientId: 3, fullName: 'Trần Thị Mai' },
        ],
      },
      'Hospitals/GetHospitalNames': { data: [{ hospitalId: 2, name: 'Bệnh viện Sông Hồng' }] },
      'POST HospitalBillCoverages/CreateHospitalBillCoverage': { data: request() },
      [DETAIL]: { data: request() },
    });
    renderWithProviders(<NewPage />, { path: '/me/fee-guarantee/new' });
    await userEvent.click(await screen.findByRole('radio', { name: /Trần Thị Mai/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Gửi yêu cầu' }));
    expect(await screen.findByText('Vui lòng chọn bệnh viện.')).toBeTruthy();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Bệnh viện' }), '2');
    await userEvent.type(screen.getByLabelText('Công ty bảo hiểm'), 'PVI');
    await userEvent.type(screen.getByLabelText('Số hợp đồng / thẻ bảo hiểm'), 'P-9');
    await userEvent.type(screen.getByLabelText('Chi phí dự kiến (VNĐ, không bắt buộc)'), '2.000.000');
    await userEvent.click(screen.getByRole('button', { name: 'Gửi yêu cầu' }));
    await waitFor(() =>
      expect(sent.find((s) => s.method === 'POST')?.body).toEqual({
        patientId: 3,
        hospitalId: 2,
        insuranceCompany: 'PVI',
        policyNumber: 'P-9',
        estimatedAmount: 2_000_000,
        note: '',
      }),
    );
  });

  it('an appointment paid another way cannot start a request', async () => {
    fakeFeeApi({
      'Appointments/GetAppointment/41': { data: { appointmentId: 41, paymentMethod: 0, hospitalId: 2 } },
    });
    renderWithProviders(<NewPage />, { path: '/me/fee-guarantee/new?appointmentId=41' });
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Gửi yêu cầu' })).toBeNull();
  });
});
