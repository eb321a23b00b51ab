import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveUser } from '../../../lib/user-storage';
import { renderWithProviders } from '../../../test/render';
import mainVi from '../../../lib/i18n/vi.json';
import messages from '../i18n/vi.json';
import { consentReply, fakeApi } from '../test-api';
import { Component } from './privacy-page';

const LOG = 'GET Users/GetDataAccessLog';
const entry = (accessId: number, overrides: Record<string, unknown> = {}) => ({
  accessId,
  // 1 March 2026 09:05 in Vietnam (UTC+7).
  at: '2026-03-01T02:05:00.000Z',
  actor: { kind: 'doctor', label: 'BS. Lê Văn Bình' },
  action: 'download',
  resource: { kind: 'health_record_file', id: 12, label: 'Xét nghiệm máu 2025' },
  patient: { patientId: 3, fullName: 'Trần Thị Mai' },
  appointment: { appointmentId: 41, appointmentNumber: 'SK-20260301-0041' },
  ...overrides,
});

let consented = true;
const api = () =>
  fakeApi({
    'GET Users/GetHealthDataConsent': () => ({ data: consentReply(consented) }),
    'POST Users/WithdrawHealthDataConsent': () => {
      consented = false;
      return { data: consentReply(false) };
    },
    [LOG]: (sent) => ({
      data: {
        entries:
          sent.search.get('PageNumber') === '2'
            ? [
                entry(1, {
                  actor: { kind: 'self', label: 'self' },
                  action: 'view',
                  resource: { kind: 'insurance_claim', id: 5, label: null },
                  patient: null,
                  appointment: null,
                }),
              ]
            : [entry(2)],
        pagination: { pageNumber: Number(sent.search.get('PageNumber')), pageSize: 15, totalRecords: 16 },
      },
    }),
    'GET Users/ExportMyData': () =>
      new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
        status: 200,
        headers: {
          'Content-Type': 'application/zip',
          'Content-Disposition': 'attachment; filename="personal-data-songkhoe-2026-03-01.zip"',
        },
      }),
  });

beforeEach(() => {
  consented = true;
  saveUser({ userId: 7, token: 'token-7' });
});
afterEach(() => vi.unstubAllGlobals());

describe('privacy page', { timeout: 30_000 }, () => {
  it('shows who looked at my records and when, in the hospital zone, paged', async () => {
    const fake = api();
    renderWithProviders(<Component />, { path: '/me/privacy' });
    const log = await screen.findByRole('region', { name: messages.log.title });
    const item = await within(log).findByText('09:05', { exact: false });
    const text = item.closest('li')!.textContent!;
    expect(text).toContain('01/03/2026');
    expect(text).toContain('BS. Lê Văn Bình');
    expect(text).toContain(messages.log.action.download);
    // The record by its title, never by an internal id.
    expect(text).toContain(`${messages.log.resource.health_record_file} “Xét nghiệm máu 2025”`);
    expect(text).not.toContain('#12');
    expect(text).toContain('Trần Thị Mai');
    expect(text).toContain('SK-20260301-0041');
    expect(fake.calls(LOG)[0]!.search.get('PageNumber')).toBe('1');
    const next = within(log).getByRole('link', { name: mainVi.pager.next });
    expect(next.getAttribute('href')).toBe('/me/privacy?page=2');
  });

  it('withdraws the consent after confirming, then offers the text to agree again', async () => {
    const fake = api();
    renderWithProviders(<Component />, { path: '/me/privacy' });
    expect(await screen.findByText(/2026-01/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: messages.status.withdraw }));
    const dialog = await screen.findByRole('dialog', { name: messages.status.withdrawTitle });
    expect(fake.calls('POST Users/WithdrawHealthDataConsent')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: messages.status.withdrawConfirm }));
    await waitFor(() => expect(fake.calls('POST Users/WithdrawHealthDataConsent')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: messages.consent.agree })).toBeTruthy();
  });

  it('downloads all my data with the bearer token; a second try within the minute says so', async () => {
    const created = vi.fn(() => 'blob:archive');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const fake = api();
    renderWithProviders(<Component />, { path: '/me/privacy' });
    await userEvent.click(await screen.findByRole('button', { name: messages.export.download }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const sent = fake.calls('GET Users/ExportMyData')[0]!;
    expect(sent.headers.get('authorization')).toBe('Bearer token-7');
    expect(created).toHaveBeenCalled();
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(
      'personal-data-songkhoe-2026-03-01.zip',
    );

    fakeApi({
      'GET Users/GetHealthDataConsent': { data: consentReply(true) },
      'GET Users/ExportMyData': { status: 429, code: 'too_many_requests', errors: ['too_many_requests'] },
    });
    await userEvent.click(screen.getByRole('button', { name: messages.export.download }));
    const section = screen.getByRole('region', { name: messages.export.title });
    expect((await within(section).findByRole('alert')).textContent).toBe(mainVi.too_many_requests);
    click.mockRestore();
  });
});
