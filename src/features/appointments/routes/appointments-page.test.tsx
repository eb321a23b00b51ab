import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { summary } from '../test-fixtures';
import { Component } from './appointments-page';

// The API is faked at the network: the list answers a page a test sets, and the test reads the
// query string the page asked with.
const LIST = 'Appointments/GetAllAppointments';
const page = (appointments: unknown[], totalRecords = appointments.length) => ({
  appointments,
  pagination: { pageNumber: 1, pageSize: 15, totalRecords },
});
let reply = page([]);
let api: ReturnType<typeof fakeApi>;
const last = () => Object.fromEntries(api.calls('GET', LIST).at(-1)?.search ?? []);
/** The query string of a tab (1 Past, 2 Upcoming), date filter and page: 15 a page. */
const asked = (type: 1 | 2, duration: string, pageNumber: number) => ({
  type: String(type),
  duration,
  PageNumber: String(pageNumber),
  PageSize: '15',
});

beforeEach(() => {
  reply = page([]);
  api = fakeApi({ [LIST]: () => ({ data: reply }) });
});

// User events are slow on a loaded machine: generous time per test.
describe('appointments list page', { timeout: 30_000 }, () => {
  it('asks for Upcoming, all dates, page 1 first; tabs and the date filter change the query', async () => {
    renderWithProviders(<Component />, { path: '/me/appointments-list/' });
    await waitFor(() => expect(last()).toEqual(asked(2, 'all', 1)));
    const upcoming = screen.getByRole('tab', { name: 'Sắp tới' });
    expect(upcoming.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('Bạn chưa có lịch hẹn sắp tới.')).toBeTruthy();

    await userEvent.click(screen.getByRole('tab', { name: 'Đã qua' }));
    await waitFor(() => expect(last()).toEqual(asked(1, 'all', 1)));
    expect(screen.getByRole('tab', { name: 'Đã qua' }).getAttribute('aria-selected')).toBe('true');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Thời gian' }), 'last_month');
    await waitFor(() => expect(last()).toEqual(asked(1, 'last_month', 1)));

    // Arrow keys move between the tabs (tabs pattern) and keep the filter.
    screen.getByRole('tab', { name: 'Đã qua' }).focus();
    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() => expect(last()).toEqual(asked(2, 'last_month', 1)));
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Sắp tới' }));
  });

  it('reads tab, filter and page from the URL', async () => {
    renderWithProviders(<Component />, { path: '/me/appointments-list/?tab=past&duration=this_year&page=2' });
    await waitFor(() => expect(last()).toEqual(asked(1, 'this_year', 2)));
  });

  it('shows each appointment with doctor, patient, service, place, status labels, queue number and price', async () => {
    reply = page(
      [
        summary(),
        summary({
          appointmentId: 42,
          appointmentNumber: 'SH-42',
          status: 5,
          paymentStatus: 5,
          cancelledBy: 'doctor',
          canCancel: false,
          canReschedule: false,
          serviceTypeId: 2,
          hospitalId: null,
          hospitalName: null,
          addressText: '12 Hàng Bài, Hà Nội',
          queueNumber: null,
        }),
        summary({
          appointmentId: 43,
          appointmentNumber: 'SH-43',
          status: 5,
          paymentStatus: 3,
          cancelledBy: 'hospital',
        }),
      ],
      40,
    );
    renderWithProviders(<Component />, { path: '/me/appointments-list/' });
    const first = await screen.findByRole('article', { name: 'Lịch hẹn SH-20261201-0041' });
    const card = within(first);
    expect(card.getByRole('heading', { name: 'BS. Nguyễn Văn An' })).toBeTruthy();
    expect(card.getByText('Tim mạch')).toBeTruthy();
    expect(card.getByText('Lê Bình')).toBeTruthy();
    expect(card.getByText('Khám tại bệnh viện')).toBeTruthy();
    expect(card.getByText('Bệnh viện Sông Hồng')).toBeTruthy();
    expect(card.getByText('Đã đặt lịch')).toBeTruthy();
    expect(card.getByText(/Đã thanh toán/)).toBeTruthy();
    expect(card.getByText('12')).toBeTruthy();
    expect(card.getByText('300.000 ₫')).toBeTruthy();
    expect(card.getByRole('link', { name: 'Xem chi tiết' }).getAttribute('href')).toBe(
      '/me/appointments-list/41',
    );
    expect(card.getByRole('link', { name: 'Biên lai' }).getAttribute('href')).toBe('/receipt/41');

    const home = within(screen.getByRole('article', { name: 'Lịch hẹn SH-42' }));
    expect(home.getByText('Bác sĩ đã hủy')).toBeTruthy();
    expect(home.getByText(/Đã hoàn tiền/)).toBeTruthy();
    expect(home.getByText('12 Hàng Bài, Hà Nội')).toBeTruthy();
    expect(home.queryByRole('button', { name: 'Hủy lịch hẹn' })).toBeNull();

    expect(
      within(screen.getByRole('article', { name: 'Lịch hẹn SH-43' })).getByText('Bệnh viện đã hủy'),
    ).toBeTruthy();
    // 40 entries: the pager links pages with the current tab and filter.
    expect(screen.getByRole('link', { name: 'Trang 2' }).getAttribute('href')).toBe(
      '/me/appointments-list/?page=2',
    );
  });
});
