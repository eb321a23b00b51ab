import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveUser } from '../../../lib/user-storage';
import { renderWithProviders } from '../../../test/render';
import type { HealthRecord } from '../api';
import { fakeApi, type FakeAnswer, type SentRequest } from '../../../test/fake-api';
import { Component } from './health-records-page';

const file = (fileId: number, fileName: string, contentType = 'application/pdf') => ({
  fileId,
  fileName,
  contentType,
  sizeBytes: 120_000,
  fileHttpUrl: `http://portal.test/api/v1/Users/ViewFileHeathRecord?id=${fileId}`,
  createdAt: '2030-03-01T02:00:00.000Z',
});
const record = (fields: Partial<HealthRecord>): HealthRecord => ({
  healthRecordId: 1,
  userId: 7,
  patientId: 11,
  patientName: 'Lê An',
  recordName: 'Xét nghiệm máu',
  remark: 'Nhịn ăn',
  healthRecordType: 1,
  // 4 March 00:30 in Vietnam (UTC+7).
  createdAt: '2030-03-03T17:30:00.000Z',
  files: [file(31, 'ket-qua.pdf'), file(32, 'anh.png', 'image/png')],
  ...fields,
});

let list: HealthRecord[] = [];
const listed = (sent: SentRequest): FakeAnswer => ({
  data: {
    userHealthRecords: list,
    pagination: {
      pageNumber: Number(sent.search.get('PageNumber')),
      pageSize: Number(sent.search.get('PageSize')),
      totalRecords: 40,
    },
  },
});
const routes = () => ({
  'Users/GetUserHealthRecords/7': listed,
  'Patients/GetPatients': {
    data: [
      { patientId: 11, isSelf: true, fullName: 'Lê An' },
      { patientId: 12, isSelf: false, fullName: 'Trần Thị Hoa' },
    ],
  },
  'DELETE Users/DeleteUserHealthRecordFile': { data: record({}) },
  'DELETE Users/DeleteUserHealthRecord': { data: { healthRecordId: 1 } },
  'Users/ViewFileHeathRecord': { bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47]), type: 'image/png' },
});

beforeEach(() => {
  saveUser({ userId: 7, token: 'secret-token' });
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:portal/1'), revokeObjectURL: vi.fn() }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const lastList = (api: ReturnType<typeof fakeApi>) =>
  Object.fromEntries(api.calls('GET', 'Users/GetUserHealthRecords/7').at(-1)!.search);

describe('health records page', { timeout: 30_000 }, () => {
  it('lists records with type, person, date in Vietnam, remark and files; 15 a page', async () => {
    list = [
      record({}),
      record({
        healthRecordId: 2,
        recordName: 'Đơn thuốc',
        healthRecordType: 2,
        files: [file(33, 'don.pdf')],
      }),
    ];
    const api = fakeApi(routes());
    renderWithProviders(<Component />, { path: '/me/health-records/' });
    const items = await screen.findAllByRole('article');
    expect(items).toHaveLength(2);
    const first = within(items[0]!);
    expect(first.getByRole('heading', { name: 'Xét nghiệm máu' })).toBeTruthy();
    expect(first.getByText('Báo cáo')).toBeTruthy();
    expect(first.getByText('04/03/2030')).toBeTruthy();
    expect(first.getByText('Nhịn ăn')).toBeTruthy();
    expect(first.getByRole('button', { name: 'Xem ket-qua.pdf' })).toBeTruthy();
    expect(first.getByRole('button', { name: 'Xóa anh.png' })).toBeTruthy();
    expect(lastList(api)).toEqual({ duration: 'all', PageNumber: '1', PageSize: '15' });
    expect(screen.getByRole('link', { name: 'Trang 2' }).getAttribute('href')).toBe(
      '/me/health-records/?page=2',
    );
    // A record with one file: no per-file delete, the reason is said instead.
    const second = within(items[1]!);
    expect(second.queryByRole('button', { name: /^Xóa don/ })).toBeNull();
    expect(second.getByText(/Mỗi hồ sơ cần ít nhất một tệp/)).toBeTruthy();
  });

  it('filters by type, family member and date from page 1', async () => {
    list = [record({})];
    const api = fakeApi(routes());
    renderWithProviders(<Component />, { path: '/me/health-records/?page=2' });
    await screen.findAllByRole('article');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Loại hồ sơ' }), '2');
    await waitFor(() => expect(lastList(api)).toMatchObject({ HealthRecordType: '2', PageNumber: '1' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Thành viên gia đình' }), '12');
    await waitFor(() => expect(lastList(api)).toMatchObject({ HealthRecordType: '2', patientId: '12' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Thời gian' }), 'this_month');
    await waitFor(() =>
      expect(lastList(api)).toEqual({
        duration: 'this_month',
        HealthRecordType: '2',
        patientId: '12',
        PageNumber: '1',
        PageSize: '15',
      }),
    );
  });

  it('deletes a file and a record only after confirming', async () => {
    list = [record({})];
    const api = fakeApi(routes());
    renderWithProviders(<Component />, { path: '/me/health-records/' });
    await userEvent.click(await screen.findByRole('button', { name: 'Xóa anh.png' }));
    let dialog = screen.getByRole('dialog', { name: 'Xóa tệp này?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hủy' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls('DELETE', 'Users/DeleteUserHealthRecordFile')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Xóa anh.png' }));
    dialog = screen.getByRole('dialog', { name: 'Xóa tệp này?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Xóa' }));
    await waitFor(() => expect(api.calls('DELETE', 'Users/DeleteUserHealthRecordFile')).toHaveLength(1));
    expect(api.calls('DELETE', 'Users/DeleteUserHealthRecordFile')[0]!.search.get('id')).toBe('32');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Xóa hồ sơ' }));
    dialog = screen.getByRole('dialog', { name: 'Xóa hồ sơ này?' });
    expect(within(dialog).getByText(/“Xét nghiệm máu” và mọi tệp/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Xóa' }));
    await waitFor(() => expect(api.calls('DELETE', 'Users/DeleteUserHealthRecord')).toHaveLength(1));
    expect(api.calls('DELETE', 'Users/DeleteUserHealthRecord')[0]!.search.get('id')).toBe('1');
  });

  it('keeps the dialog open with the server’s reason when a delete is refused', async () => {
    list = [record({})];
    fakeApi({
      ...routes(),
      'DELETE Users/DeleteUserHealthRecordFile': { status: 409, code: 'health_record_last_file' },
    });
    renderWithProviders(<Component />, { path: '/me/health-records/' });
    await userEvent.click(await screen.findByRole('button', { name: 'Xóa anh.png' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Xóa' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Mỗi hồ sơ cần ít nhất một tệp; hãy xóa cả hồ sơ.',
    );
  });

  it('views an image inline from a blob fetched with the bearer token', async () => {
    list = [record({})];
    const api = fakeApi(routes());
    renderWithProviders(<Component />, { path: '/me/health-records/' });
    await userEvent.click(await screen.findByRole('button', { name: 'Xem anh.png' }));
    const dialog = await screen.findByRole('dialog', { name: 'anh.png' });
    const image = await within(dialog).findByRole('img', { name: 'anh.png' });
    expect(image.getAttribute('src')).toBe('blob:portal/1');
    const fetched = api.calls('GET', 'Users/ViewFileHeathRecord')[0]!;
    expect(fetched.search.get('id')).toBe('32');
    expect(fetched.headers.get('authorization')).toBe('Bearer secret-token');
  });

  it('views a PDF in a frame', async () => {
    list = [record({})];
    fakeApi({
      ...routes(),
      'Users/ViewFileHeathRecord': { bytes: new TextEncoder().encode('%PDF-1.4'), type: 'application/pdf' },
    });
    renderWithProviders(<Component />, { path: '/me/health-records/' });
    await userEvent.click(await screen.findByRole('button', { name: 'Xem ket-qua.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'ket-qua.pdf' });
    await waitFor(() => expect(dialog.querySelector('iframe')?.getAttribute('src')).toBe('blob:portal/1'));
    expect(dialog.querySelector('iframe')?.getAttribute('title')).toBe('ket-qua.pdf');
  });

  it('says when there is nothing', async () => {
    list = [];
    fakeApi(routes());
    renderWithProviders(<Component />, { path: '/me/health-records/' });
    expect(await screen.findByText('Bạn chưa có hồ sơ sức khỏe nào.')).toBeTruthy();
  });
});
