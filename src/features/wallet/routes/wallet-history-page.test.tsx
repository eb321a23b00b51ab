import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import type { WalletHistory } from '../api';
import { Component } from './wallet-history-page';

// The API is faked at the network (src/test/fake-api.ts): the real store, endpoints and base query run.
let reply: { walletHistories: WalletHistory[]; balance: number; total?: number } = {
  walletHistories: [],
  balance: 0,
};
let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  api = fakeApi({
    'WalletHistories/GetAllWalletHistories': ({ search }) => ({
      data: {
        walletHistories: reply.walletHistories,
        balance: reply.balance,
        pagination: {
          pageNumber: Number(search.get('PageNumber')),
          pageSize: Number(search.get('PageSize')),
          totalRecords: reply.total ?? reply.walletHistories.length,
        },
      },
    }),
  });
});

const tx = (overrides: Partial<WalletHistory>): WalletHistory => ({
  walletTransactionId: 1,
  amount: 200_000,
  kind: 'topup',
  appointmentId: null,
  appointmentNumber: null,
  purchaseId: null,
  description: 'demo_topup',
  createdAt: '2030-03-01T02:00:00.000Z',
  ...overrides,
});
const last = () =>
  Object.fromEntries(api.calls('GET', 'WalletHistories/GetAllWalletHistories').at(-1)?.search ?? []);

describe('wallet history page', { timeout: 30_000 }, () => {
  it('shows the balance and each transaction: kind, date in Vietnam, signed amount, appointment link', async () => {
    reply = {
      balance: 350_000,
      total: 40,
      walletHistories: [
        tx({
          walletTransactionId: 3,
          amount: 200_000,
          kind: 'refund',
          appointmentId: 41,
          appointmentNumber: 'SH-20300305-0041',
          // 4 March 00:30 in Vietnam (UTC+7), whatever the browser's zone.
          createdAt: '2030-03-03T17:30:00.000Z',
        }),
        tx({
          walletTransactionId: 2,
          amount: -50_000,
          kind: 'payment',
          appointmentId: 41,
          appointmentNumber: 'SH-20300305-0041',
        }),
        tx({ walletTransactionId: 1 }),
      ],
    };
    renderWithProviders(<Component />, { path: '/me/wallet-history' });
    expect(await screen.findByText('350.000 ₫')).toBeTruthy();
    expect(last()).toEqual({ duration: 'all', PageNumber: '1', PageSize: '15' });
    expect(screen.getByRole('heading', { level: 1, name: 'Ví' })).toBeTruthy();

    const list = screen.getByRole('list', { name: 'Lịch sử giao dịch' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    const refund = within(items[0]!);
    expect(refund.getByText('Hoàn tiền')).toBeTruthy();
    expect(refund.getByText('04/03/2030 00:30')).toBeTruthy();
    expect(refund.getByText('+200.000 ₫')).toBeTruthy();
    expect(refund.getByRole('link', { name: 'SH-20300305-0041' }).getAttribute('href')).toBe(
      '/me/appointments-list/41',
    );
    const payment = within(items[1]!);
    expect(payment.getByText('Thanh toán lịch hẹn')).toBeTruthy();
    expect(payment.getByText('\u221250.000 ₫')).toBeTruthy();
    const topup = within(items[2]!);
    expect(topup.getByText('Nạp tiền')).toBeTruthy();
    expect(topup.queryByRole('link')).toBeNull();
    // Each value is labelled (a description list per transaction).
    expect(topup.getByText('Số tiền').tagName).toBe('DT');

    expect(screen.getByText('Hiển thị 1 đến 15 trong 40 mục')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Trang 2' }).getAttribute('href')).toBe(
      '/me/wallet-history?page=2',
    );
  });

  it('the date filter asks again from page 1; filter and page come from the URL', async () => {
    reply = { balance: 0, walletHistories: [tx({})], total: 30 };
    renderWithProviders(<Component />, { path: '/me/wallet-history?duration=this_year&page=2' });
    await waitFor(() => expect(last()).toEqual({ duration: 'this_year', PageNumber: '2', PageSize: '15' }));
    const filter = screen.getByRole('combobox', { name: 'Thời gian' });
    expect((filter as HTMLSelectElement).value).toBe('this_year');
    await userEvent.selectOptions(filter, 'last_month');
    await waitFor(() => expect(last()).toEqual({ duration: 'last_month', PageNumber: '1', PageSize: '15' }));
  });

  it('says when there is nothing, for all time and for a period', async () => {
    reply = { balance: 0, walletHistories: [] };
    renderWithProviders(<Component />, { path: '/me/wallet-history' });
    expect(await screen.findByText('Ví của bạn chưa có giao dịch nào.')).toBeTruthy();
    expect(screen.getByText('0 ₫')).toBeTruthy();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Thời gian' }), 'today');
    expect(await screen.findByText('Không có giao dịch nào trong khoảng thời gian này.')).toBeTruthy();
  });
});
