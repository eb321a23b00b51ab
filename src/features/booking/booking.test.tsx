import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, todayIn } from '../../../schemas/time';
import { saveUser } from '../../lib/user-storage';
import { bootBundle } from '../../test/boot-bundle';
import { renderWithProviders } from '../../test/render';
import { bookingSearch, offeredPaymentMethods, readBookingParams, withChanges } from './booking-params';
import { groupSlots, SlotPicker } from './components/slot-picker';
import { Component as BookAppointmentPage } from './routes/book-appointment-page';
import { fakeApi } from '../../test/fake-api';

const ZONE = 'Asia/Ho_Chi_Minh';
const day = addDays(todayIn(ZONE), 1);
// 08:00, 14:00 and 19:00 in Vietnam (UTC+7).
const slots = {
  morning: { slotId: 101, startsAt: `${day}T01:00:00.000Z`, endsAt: `${day}T01:30:00.000Z`, hospitalId: 9 },
  afternoon: { slotId: 102, startsAt: `${day}T07:00:00.000Z`, endsAt: `${day}T07:30:00.000Z`, hospitalId: 9 },
  evening: { slotId: 103, startsAt: `${day}T12:00:00.000Z`, endsAt: `${day}T12:30:00.000Z`, hospitalId: 9 },
};
const schedule = [
  {
    date: day,
    timeSlots: [
      { timeSlot: 0, slots: [slots.morning] },
      { timeSlot: 1, slots: [slots.afternoon] },
      { timeSlot: 2, slots: [slots.evening] },
    ],
  },
];
const doctor = {
  doctorId: 5,
  title: 'BS.',
  fullName: 'Nguyễn An',
  photo: '',
  specialities: [{ specialityId: 1, name: 'Nội khoa' }],
  prices: [
    { serviceTypeId: 0, price: 300000 },
    { serviceTypeId: 1, price: 200000 },
    { serviceTypeId: 2, price: 500000 },
  ],
};

const baseRoutes = {
  'Doctors/GetDoctor/5': { data: doctor },
  'Doctors/GetDoctorHospitals/5': {
    data: [{ hospitalId: 9, name: 'Bệnh viện Sông Hồng', address: '88 Lò Đúc, Hà Nội' }],
  },
  'Appointments/GetDoctorScheduleTimingSlots': { data: schedule },
  'Appointments/CheckPriceOfAppointment': (sent: { search: URLSearchParams }) => ({
    data: {
      doctorId: 5,
      serviceTypeId: Number(sent.search.get('serviceTypeId')),
      price: 200000,
      discount: 0,
      finalPrice: 200000,
    },
  }),
  'Doctors/SymptomsByDoctor/symptoms-by-doctor': { data: [{ symptomId: 1, name: 'Sốt' }] },
  'Patients/GetPatients': { data: [{ patientId: 11, isSelf: true, fullName: 'Lê An', missing: [] }] },
};

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

const renderPage = (query: string, bundle = bootBundle()) =>
  renderWithProviders(
    <>
      <BookAppointmentPage />
      <LocationProbe />
    </>,
    { bundle, path: `/book-appointment?${query}` },
  );

const headings = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
const ready = `doctorId=5&serviceType=1&date=${day}&slotId=101&patientId=11&symptoms=1`;

const originalTz = process.env.TZ;
beforeEach(() => {
  // jsdom has no CSS.escape; user-event needs it to walk a radio group with the arrow keys.
  vi.stubGlobal('CSS', { escape: (value: string) => value.replace(/[^a-zA-Z0-9_-]/g, (c) => `\\${c}`) });
  saveUser({ userId: 7, token: 'tok', fullName: 'Lê An' });
  sessionStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  process.env.TZ = originalTz;
});

describe('Book Appointment flow', { timeout: 20_000 }, () => {
  it('offers only what a saomai-like tenant has, in step order, later steps locked', async () => {
    fakeApi(baseRoutes);
    const bundle = bootBundle(
      {
        booking: {
          timeZone: ZONE,
          holdMinutes: 10,
          paymentMethods: [0, 1, 3],
          sameDayCutoff: '',
          maxDaysAhead: 30,
        },
      },
      ['video', 'homeVisit', 'wallet', 'hospitalFeeGuarantee'],
    );
    renderPage('doctorId=5', bundle);
    const service = await screen.findByRole('group', { name: 'Hình thức khám' });
    expect(
      within(service)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Khám tại bệnh viện300.000\u00a0₫']);
    expect(headings()).toEqual([
      '1. Hình thức khám',
      '2. Ngày và giờ khám',
      '3. Người khám',
      '4. Triệu chứng',
      '5. Chi phí',
      '6. Thanh toán',
      '7. Xác nhận',
    ]);
    expect(screen.getAllByText('Hoàn tất bước trước để tiếp tục.')).toHaveLength(6);

    await userEvent.click(screen.getByRole('radio', { name: /Khám tại bệnh viện/ }));
    // A hospital visit adds the hospital step; the doctor's only hospital is chosen already, so
    // the day and time open next and the rest stays locked.
    await waitFor(() => expect(headings()[1]).toBe('2. Bệnh viện'));
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: /Bệnh viện Sông Hồng/ })).toHaveProperty('checked', true),
    );
    await waitFor(() => expect(screen.getAllByText('Hoàn tất bước trước để tiếp tục.')).toHaveLength(5));
  });

  it('lets a doctor with several hospitals be chosen from, none pre-selected', async () => {
    fakeApi({
      ...baseRoutes,
      'Doctors/GetDoctorHospitals/5': {
        data: [
          { hospitalId: 9, name: 'Bệnh viện Sông Hồng', address: '88 Lò Đúc, Hà Nội' },
          { hospitalId: 10, name: 'Phòng khám Sao Mai', address: '1 Tràng Tiền, Hà Nội' },
        ],
      },
    });
    renderPage('doctorId=5&serviceType=0');
    expect(await screen.findByRole('radio', { name: /Phòng khám Sao Mai/ })).toHaveProperty('checked', false);
    expect(screen.getByRole('radio', { name: /Bệnh viện Sông Hồng/ })).toHaveProperty('checked', false);
  });

  it('keeps a slot picked before signing in and takes its hospital for a hospital visit', async () => {
    fakeApi({
      ...baseRoutes,
      'Doctors/GetDoctorHospitals/5': {
        data: [
          { hospitalId: 9, name: 'Bệnh viện Sông Hồng', address: '88 Lò Đúc, Hà Nội' },
          { hospitalId: 10, name: 'Phòng khám Sao Mai', address: '1 Tràng Tiền, Hà Nội' },
        ],
      },
    });
    // The doctor's page sends the slot (and its hospital) but no visit kind: the visitor has
    // several kinds to choose from after signing in.
    renderPage(`doctorId=5&hospitalId=9&date=${day}&slotId=101`);
    await userEvent.click(await screen.findByRole('radio', { name: /Khám tại bệnh viện/ }));
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: /Bệnh viện Sông Hồng/ })).toHaveProperty('checked', true),
    );
    expect(screen.getByRole('radio', { name: /Phòng khám Sao Mai/ })).toHaveProperty('checked', false);
    await waitFor(() => expect(screen.getByRole('radio', { name: '08:00' })).toHaveProperty('checked', true));
  });

  it('sums up patient, place and the note (with its own label) before confirming', async () => {
    fakeApi(baseRoutes);
    renderPage(`doctorId=5&serviceType=0&hospitalId=9&date=${day}&slotId=101&patientId=11&symptoms=1&pay=0`);
    await userEvent.type(
      await screen.findByLabelText('Ghi chú cho bác sĩ (không bắt buộc)'),
      'Đau từ hôm qua',
    );
    await screen.findByRole('button', { name: 'Xác nhận đặt lịch' });
    const summary = () =>
      Object.fromEntries(
        screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]),
      );
    await waitFor(() =>
      expect(summary()).toMatchObject({
        'Người khám': 'Lê An',
        'Nơi khám': 'Bệnh viện Sông Hồng',
        'Ghi chú cho bác sĩ': 'Đau từ hôm qua',
      }),
    );
    expect(summary()).not.toHaveProperty(['Ghi chú cho bác sĩ (không bắt buộc)']);
  });

  it("offers the tenant's payment methods only, and never asks a wallet that is off", async () => {
    const server = fakeApi(baseRoutes);
    const bundle = bootBundle(
      {
        booking: {
          timeZone: ZONE,
          holdMinutes: 10,
          paymentMethods: [0, 1, 3],
          sameDayCutoff: '',
          maxDaysAhead: 30,
        },
      },
      ['video', 'homeVisit', 'wallet', 'hospitalFeeGuarantee'],
    );
    // Further along: the payment methods are the tenant's, without coverage (feature off), and
    // the wallet (off) is never asked.
    renderPage(
      `doctorId=5&serviceType=0&hospitalId=9&date=${day}&slotId=101&patientId=11&symptoms=1`,
      bundle,
    );
    const payment = await screen.findByRole('group', { name: 'Phương thức thanh toán' });
    expect(
      within(payment)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Thanh toán khi khám', expect.stringMatching(/^Thanh toán trực tuyến/)]);
    expect(server.calls('POST', 'Appointments/ApplyWalletBalance')).toHaveLength(0);
  });

  it('never asks ApplyWalletBalance for an empty wallet; asks it once there is a balance', async () => {
    const empty = fakeApi({
      ...baseRoutes,
      'WalletBalances/GetAllWalletBalances': { data: { userId: 7, balance: 0 } },
      'POST Appointments/ApplyWalletBalance': { status: 400, code: 'wallet_not_eligible' },
    });
    const first = renderPage(ready);
    const price = await screen.findByRole('region', { name: '5. Chi phí' });
    expect(await within(price).findAllByText(/^200\.000\s₫$/, { selector: 'dd' })).not.toHaveLength(0);
    expect(empty.calls('POST', 'Appointments/ApplyWalletBalance')).toHaveLength(0);
    // It asked the balance instead (and still nothing after the answer).
    await waitFor(() => expect(empty.calls('GET', 'WalletBalances/GetAllWalletBalances')).toHaveLength(1));
    expect(empty.calls('POST', 'Appointments/ApplyWalletBalance')).toHaveLength(0);
    expect(screen.queryByRole('checkbox', { name: /Dùng số dư ví/ })).toBeNull();
    first.unmount();

    const funded = fakeApi({
      ...baseRoutes,
      'WalletBalances/GetAllWalletBalances': { data: { userId: 7, balance: 50000 } },
      'POST Appointments/ApplyWalletBalance': {
        data: {
          price: 200000,
          discount: 0,
          walletAmount: 50000,
          walletBalance: 50000,
          finalPrice: 150000,
          promoCode: null,
        },
      },
    });
    renderPage(ready);
    expect(await screen.findByRole('checkbox', { name: /Dùng số dư ví/ })).toBeTruthy();
    expect(funded.calls('POST', 'Appointments/ApplyWalletBalance')).toHaveLength(1);
  });

  it('shows the spec message for a refused promo code, on the field, and focuses it', async () => {
    const server = fakeApi({
      ...baseRoutes,
      'POST PromoCodes/ApplyPromoCode': { status: 400, errors: ['promo_code_invalid'] },
    });
    renderPage(ready);
    const field = await screen.findByLabelText('Mã khuyến mãi');
    await userEvent.type(field, 'SAIMA');
    await userEvent.click(screen.getByRole('button', { name: 'Áp dụng' }));
    expect(await screen.findByText('Mã khuyến mãi không hợp lệ hoặc không áp dụng được.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(server.calls('POST', 'PromoCodes/ApplyPromoCode')[0]?.body).toEqual({
      doctorId: 5,
      serviceTypeId: 1,
      promoCode: 'SAIMA',
    });
  });

  it('sends the same Idempotency-Key when a failed attempt is retried, then opens the confirmation', async () => {
    let attempts = 0;
    const server = fakeApi({
      ...baseRoutes,
      'POST Appointments/MakeAppointment': () =>
        ++attempts === 1 ? 'network' : { data: { appointmentId: 77, paymentMethod: 0, paymentUrl: null } },
    });
    renderPage(`${ready}&pay=0`);
    const confirm = await screen.findByRole('button', { name: 'Xác nhận đặt lịch' });
    await userEvent.click(confirm);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/./);
    await waitFor(() => expect(document.activeElement).toBe(alert));
    await userEvent.click(screen.getByRole('button', { name: 'Xác nhận đặt lịch' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/appointment-confirmed/77'));
    const [first, second] = server.calls('POST', 'Appointments/MakeAppointment');
    const key = first!.headers.get('Idempotency-Key');
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(second!.headers.get('Idempotency-Key')).toBe(key);
    expect(second!.body).toEqual({
      doctorId: 5,
      slotId: 101,
      serviceTypeId: 1,
      patientId: 11,
      symptomIds: [1],
      paymentMethod: 0,
    });
  });

  it('books with "Không rõ" from the URL: no preset, symptomsUnknown sent', async () => {
    const server = fakeApi({
      ...baseRoutes,
      'POST Appointments/MakeAppointment': {
        data: { appointmentId: 78, paymentMethod: 0, paymentUrl: null },
      },
    });
    renderPage(`${ready.replace('symptoms=1', 'notSure=1')}&pay=0`);
    expect(((await screen.findByRole('checkbox', { name: 'Không rõ' })) as HTMLInputElement).checked).toBe(
      true,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Xác nhận đặt lịch' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/appointment-confirmed/78'));
    expect(server.calls('POST', 'Appointments/MakeAppointment')[0]!.body).toMatchObject({
      symptomIds: [],
      symptomsUnknown: true,
    });
  });

  it('takes a new key for a changed booking after a refusal, and shows the refusal on its step', async () => {
    const server = fakeApi({
      ...baseRoutes,
      'POST Appointments/MakeAppointment': {
        status: 409,
        code: 'slot_unavailable',
        errors: ['slot_unavailable'],
      },
    });
    renderPage(`${ready}&pay=0`);
    await userEvent.click(await screen.findByRole('button', { name: 'Xác nhận đặt lịch' }));
    const message = 'Khung giờ này vừa được đặt hoặc không còn trống, vui lòng chọn giờ khác.';
    await waitFor(() => expect(screen.getAllByText(message).length).toBeGreaterThan(0));
    // Focus goes to the first field in error: the day of the refused slot.
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-invalid')).toBe('true'));
    await userEvent.click(screen.getByRole('radio', { name: '14:00' }));
    await userEvent.click(screen.getByRole('button', { name: 'Xác nhận đặt lịch' }));
    await waitFor(() => expect(server.calls('POST', 'Appointments/MakeAppointment')).toHaveLength(2));
    const [first, second] = server.calls('POST', 'Appointments/MakeAppointment');
    expect(second!.headers.get('Idempotency-Key')).not.toBe(first!.headers.get('Idempotency-Key'));
  });

  it('moves focus to the next step heading after a pick, not while arrowing through a group', async () => {
    fakeApi(baseRoutes);
    renderPage('doctorId=5');
    const hospital = await screen.findByRole('radio', { name: /Khám tại bệnh viện/ });
    hospital.focus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('2. Bệnh viện'));

    // Arrow keys change the choice and keep focus in the group; Enter moves on.
    screen.getByRole('radio', { name: /Khám tại bệnh viện/ }).focus();
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: /Tư vấn video/ })).toHaveProperty('checked', true),
    );
    expect(document.activeElement?.getAttribute('type')).toBe('radio');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('2. Ngày và giờ khám'));
  });

  it('asks a visitor to sign in and keeps the flow in the URL', async () => {
    localStorage.clear();
    fakeApi(baseRoutes);
    renderPage(`doctorId=5&serviceType=0&date=${day}&slotId=101`);
    expect(await screen.findByRole('heading', { name: 'Đăng nhập để tiếp tục' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Hình thức khám' })).toBeNull();
  });
});

describe('SlotPicker', () => {
  it("groups Morning / Afternoon / Evening on the hospital's clock and labels it for a visitor abroad", async () => {
    process.env.TZ = 'Europe/Paris';
    fakeApi(baseRoutes);
    renderWithProviders(<SlotPicker doctorId={5} value={null} onChange={() => undefined} date={day} />);
    const morning = await screen.findByRole('group', { name: 'Buổi sáng' });
    expect(within(morning).getByRole('radio', { name: '08:00' })).toBeTruthy();
    expect(
      within(screen.getByRole('group', { name: 'Buổi chiều' })).getByRole('radio', { name: '14:00' }),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('group', { name: 'Buổi tối' })).getByRole('radio', { name: '19:00' }),
    ).toBeTruthy();
    expect(screen.getByText(/Giờ hiển thị theo Giờ Việt Nam \(GMT\+7\)\./)).toBeTruthy();
    expect(screen.getByRole('group', { name: /Giờ Việt Nam \(GMT\+7\)/ })).toBeTruthy();
  });

  it('shows no zone label when the visitor is on the hospital clock, and hands over the picked slot', async () => {
    process.env.TZ = ZONE;
    fakeApi(baseRoutes);
    const onChange = vi.fn();
    renderWithProviders(<SlotPicker doctorId={5} value={null} onChange={onChange} date={day} />);
    await userEvent.click(await screen.findByRole('radio', { name: '19:00' }));
    expect(screen.queryByText(/GMT\+7/)).toBeNull();
    expect(onChange).toHaveBeenCalledWith({ ...slots.evening, date: day, timeSlot: 2 }, { advance: true });
  });

  it('tells a fully booked day from a day off, and offers the full day its action (the waitlist)', async () => {
    const full = addDays(day, 1);
    fakeApi({
      ...baseRoutes,
      'Appointments/GetDoctorScheduleTimingSlots': {
        data: [...schedule, { date: full, timeSlots: [], fullyBooked: true }],
      },
    });
    renderWithProviders(
      <SlotPicker
        doctorId={5}
        value={null}
        onChange={() => undefined}
        date={full}
        fullDayAction={(date) => <button type="button">waitlist {date}</button>}
      />,
    );
    expect(await screen.findByText(/đã hết chỗ/)).toBeTruthy();
    expect(screen.getByRole('button', { name: `waitlist ${full}` })).toBeTruthy();
    const days = screen.getByRole('group', { name: 'Chọn ngày khám' });
    expect(within(days).getByRole('radio', { name: /Hết chỗ/ })).toBeTruthy();
    expect(within(days).getByRole('radio', { name: /3 chỗ trống/ })).toBeTruthy();
  });

  it('regroups slots by the hospital day whatever day the server grouped them in', () => {
    const late = {
      slotId: 9,
      startsAt: '2030-01-01T18:00:00.000Z',
      endsAt: '2030-01-01T18:30:00.000Z',
      hospitalId: null,
    };
    const grouped = groupSlots([{ date: '2030-01-01', timeSlots: [{ timeSlot: 0, slots: [late] }] }], ZONE);
    expect([...grouped.keys()]).toEqual(['2030-01-02']);
    expect(
      groupSlots(
        [{ date: '2030-01-01', timeSlots: [{ timeSlot: 0, slots: [{ ...late, hospitalId: 3 }] }] }],
        ZONE,
        { hospitalId: 4 },
      ).size,
    ).toBe(0);
  });
});

describe('booking params', () => {
  it('round-trips the URL and clears what a changed service type makes stale', () => {
    const params = readBookingParams(
      new URLSearchParams(`doctorId=5&serviceType=0&hospitalId=9&slotId=101&symptoms=1,2,x&pay=1&promo=ABC`),
    );
    expect(params).toMatchObject({
      doctorId: 5,
      serviceType: 0,
      hospitalId: 9,
      symptoms: [1, 2],
      pay: 1,
      promo: 'ABC',
    });
    const changed = withChanges(params, { serviceType: 1 });
    expect(changed).toMatchObject({ serviceType: 1, hospitalId: null, pay: null, promo: null, slotId: 101 });
    expect(bookingSearch(changed).toString()).toBe('doctorId=5&serviceType=1&slotId=101&symptoms=1%2C2');
    const unsure = readBookingParams(new URLSearchParams('doctorId=5&notSure=1'));
    expect(unsure.notSure).toBe(true);
    expect(bookingSearch(unsure).toString()).toBe('doctorId=5&notSure=1');
  });

  it('carries the appointment a follow-up continues', () => {
    const params = readBookingParams(new URLSearchParams('doctorId=5&followUpOf=77'));
    expect(params.followUpOf).toBe(77);
    expect(bookingSearch(withChanges(params, { serviceType: 0 })).get('followUpOf')).toBe('77');
    expect(readBookingParams(new URLSearchParams('doctorId=5&followUpOf=x')).followUpOf).toBeNull();
  });

  it('offers free alone at price 0, never free or coverage (without its feature) otherwise', () => {
    const rules = { paymentMethods: [0, 1, 2, 3] };
    expect(offeredPaymentMethods(rules, { hospitalFeeGuarantee: false }, 200000)).toEqual([0, 1]);
    expect(offeredPaymentMethods(rules, { hospitalFeeGuarantee: true }, 200000)).toEqual([0, 1, 3]);
    expect(offeredPaymentMethods(rules, { hospitalFeeGuarantee: true }, 0)).toEqual([2]);
    expect(offeredPaymentMethods({ paymentMethods: [0, 1] }, { hospitalFeeGuarantee: true }, 0)).toEqual([0]);
  });
});
