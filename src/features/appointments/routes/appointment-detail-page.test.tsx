import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AppointmentDetail } from '../../../../schemas/appointments';
import { getToasts } from '../../../lib/toast/toast-store';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { summary } from '../test-fixtures';
import { Component } from './appointment-detail-page';

// The API is faked at the network: the appointment, its time check, consultations, attachments and
// the health data shared on it.
const consultation = {
  consultationId: 1,
  appointmentId: 41,
  doctorName: 'BS. Nguyễn Văn An',
  diagnosis: 'Viêm họng cấp',
  note: 'Nghỉ ngơi',
  advice: 'Uống nhiều nước',
  prescription: [{ name: 'Paracetamol 500mg', dosage: '1 viên', frequency: '3 lần/ngày', days: 5, note: '' }],
  createdAt: '2026-03-16T02:00:00.000Z',
};
const state = { detail: null as unknown, checkTime: null as unknown, checkTimeError: false };
let api: ReturnType<typeof fakeApi>;

const detail = (overrides: Partial<AppointmentDetail> = {}): AppointmentDetail => ({
  ...summary(),
  price: 350000,
  discount: 50000,
  walletAmount: 0,
  paymentUrl: null,
  holdExpiresAt: null,
  symptoms: [{ symptomId: 1, name: 'Đau họng' }],
  otherSymptom: '',
  symptomsUnknown: false,
  healthRecords: [{ healthRecordId: 2, recordName: 'Xét nghiệm máu 2025' }],
  note: 'Đau từ hôm qua',
  cancelReason: null,
  cancelRemark: null,
  rescheduleCount: 1,
  reschedules: [
    {
      previousStartsAt: '2026-11-30T02:00:00.000Z',
      newStartsAt: '2026-12-01T02:00:00.000Z',
      rescheduledBy: 'patient',
      reason: 'travel',
      remark: 'Đi công tác',
      createdAt: '2026-11-20T02:00:00.000Z',
    },
  ],
  followUpOf: null,
  invoiceNumber: null,
  createdAt: '2026-11-19T02:00:00.000Z',
  refunds: [],
  ...overrides,
});

const open = () =>
  renderWithProviders(<Component />, {
    path: '/me/appointments-list/41',
    route: '/me/appointments-list/:id',
  });

beforeEach(() => {
  state.detail = detail();
  state.checkTime = null;
  state.checkTimeError = false;
  api = fakeApi({
    'Appointments/GetAppointment/41': () => ({ data: state.detail }),
    'POST Appointments/CheckTimeAppointment': () =>
      state.checkTimeError ? { status: 500, code: 'unknown_error' } : { data: state.checkTime },
    'Appointments/GetAllConsulationByAppointment/41': { data: [consultation] },
    'Appointments/GetAttachments': { data: [] },
    'Appointments/GetSharedHealthData': { data: { healthRecords: [], results: [] } },
  });
});

// User events are slow on a loaded machine: generous time per test.
describe('appointment detail page', { timeout: 30_000 }, () => {
  it('shows symptoms, note, shared records, payment, reschedule history and consultations', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Lịch hẹn SH-20261201-0041' })).toBeTruthy();
    expect(api.calls('GET', 'Appointments/GetAppointment/41')[0]?.search.get('timeZoneOffset')).toBe(
      String(-new Date().getTimezoneOffset()),
    );
    expect(screen.getByText('Đau họng')).toBeTruthy();
    expect(screen.getByText('Đau từ hôm qua')).toBeTruthy();
    expect(screen.getByText('Xét nghiệm máu 2025')).toBeTruthy();
    expect(screen.getByText('-50.000 ₫')).toBeTruthy();
    const history = screen.getByRole('table', { name: 'Lịch sử đổi lịch' });
    expect(within(history).getByText('30/11/2026 09:00')).toBeTruthy();
    expect(within(history).getByText('01/12/2026 09:00')).toBeTruthy();
    expect(within(history).getByText('Bệnh nhân')).toBeTruthy();
    expect(within(history).getByText('Đi công tác hoặc du lịch')).toBeTruthy();
    expect(await screen.findByText('Viêm họng cấp')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Đơn thuốc' })).toBeTruthy();
    expect(screen.getByText('Paracetamol 500mg')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Biên lai' }).getAttribute('href')).toBe('/receipt/41');
    // Not a video consultation: no call state.
    expect(screen.queryByRole('heading', { name: 'Cuộc gọi video' })).toBeNull();
  });

  it("shows a symptom in the patient's own words, or that they were not sure", async () => {
    state.detail = detail({ otherSymptom: 'Ho khan về đêm' });
    const { unmount } = open();
    const symptoms = await screen.findByRole('region', { name: 'Triệu chứng' });
    expect(within(symptoms).getByText('Đau họng')).toBeTruthy();
    expect(within(symptoms).getByText('Khác: Ho khan về đêm')).toBeTruthy();
    unmount();
    state.detail = detail({ symptoms: [], symptomsUnknown: true });
    open();
    const unsure = await screen.findByRole('region', { name: 'Triệu chứng' });
    expect(within(unsure).getByText('Không rõ')).toBeTruthy();
    expect(within(unsure).queryByText('Không có')).toBeNull();
  });

  it.each([
    ['not_yet_scheduled', 'not_yet_scheduled'],
    ['appointment_ended', 'appointment_ended'],
    ['time_expired', 'time_expired'],
    ['booking_closed', 'booking_closed'],
  ])('tells the state %s of a video consultation in words', async (stateName) => {
    const vi = (await import('../../../lib/i18n/vi.json')).default as Record<string, unknown>;
    state.detail = detail({ serviceTypeId: 1, hospitalId: null, hospitalName: null });
    state.checkTime = { appointmentId: 41, state: stateName, startsAt: '', endsAt: '' };
    open();
    expect(await screen.findByRole('heading', { name: 'Cuộc gọi video' })).toBeTruthy();
    expect(await screen.findByText(vi[stateName] as string)).toBeTruthy();
    expect(api.calls('POST', 'Appointments/CheckTimeAppointment')[0]?.body).toEqual({ appointmentId: 41 });
  });

  it('reads a failed time check as appointment_error, quietly', async () => {
    state.detail = detail({ serviceTypeId: 1 });
    state.checkTimeError = true;
    // Toasts are module state: other files' may still be showing.
    const earlier = getToasts().at(-1)?.id ?? 0;
    open();
    expect(await screen.findByRole('heading', { name: 'Cuộc gọi video' })).toBeTruthy();
    expect(await screen.findByText('Cuộc hẹn không tồn tại.')).toBeTruthy();
    expect(getToasts().filter((toast) => toast.id > earlier)).toEqual([]);
  });
});
