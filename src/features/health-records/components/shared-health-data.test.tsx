import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveUser } from '../../../lib/user-storage';
import { renderWithProviders } from '../../../test/render';
import { fakeApi } from '../../../test/fake-api';
import { SharedHealthData } from './shared-health-data';

beforeEach(() => {
  saveUser({ userId: 7, token: 'secret-token' });
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:portal/9'), revokeObjectURL: vi.fn() }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const shared = {
  healthRecords: [
    {
      healthRecordId: 5,
      userId: 7,
      patientId: 12,
      patientName: 'Trần Thị Hoa',
      recordName: 'Siêu âm bụng',
      remark: 'Tháng 2',
      healthRecordType: 1,
      createdAt: '2030-02-01T03:00:00.000Z',
      files: [
        {
          fileId: 40,
          fileName: 'sieu-am.pdf',
          contentType: 'application/pdf',
          sizeBytes: 50_000,
          fileHttpUrl: 'http://portal.test/api/v1/Users/ViewFileHeathRecord?id=40',
          createdAt: '2030-02-01T03:00:00.000Z',
        },
      ],
    },
  ],
  results: [
    {
      resultId: 9,
      appointmentId: 77,
      title: 'Kết quả X-quang',
      fileName: 'xquang.png',
      contentType: 'image/png',
      sizeBytes: 80_000,
      createdBy: 'BS. Lê Thu',
      createdAt: '2030-03-05T02:00:00.000Z',
      fileHttpUrl: 'http://portal.test/api/v1/Appointments/ViewFileHeathResult?id=9',
    },
  ],
};

describe('health data on an appointment', { timeout: 30_000 }, () => {
  it('shows the shared records (no deleting here) and opens a result from the care side', async () => {
    const api = fakeApi({
      'Appointments/GetSharedHealthData': { data: shared },
      'Appointments/ViewFileHeathResult': { bytes: new Uint8Array([0x89, 0x50]), type: 'image/png' },
    });
    renderWithProviders(<SharedHealthData appointmentId={77} timeZone="Asia/Ho_Chi_Minh" />);
    const records = await screen.findByRole('region', { name: 'Hồ sơ sức khỏe đã chia sẻ với bác sĩ' });
    expect(within(records).getByRole('heading', { name: 'Siêu âm bụng' })).toBeTruthy();
    expect(within(records).queryByRole('button', { name: /^Xóa/ })).toBeNull();
    expect(api.calls('GET', 'Appointments/GetSharedHealthData')[0]!.search.get('appointmentId')).toBe('77');

    const results = screen.getByRole('region', { name: 'Kết quả từ bác sĩ' });
    expect(within(results).getByText(/bởi BS\. Lê Thu/)).toBeTruthy();
    await userEvent.click(within(results).getByRole('button', { name: 'Xem Kết quả X-quang' }));
    const image = await screen.findByRole('img', { name: 'xquang.png' });
    expect(image.getAttribute('src')).toBe('blob:portal/9');
    const fetched = api.calls('GET', 'Appointments/ViewFileHeathResult')[0]!;
    expect(fetched.headers.get('authorization')).toBe('Bearer secret-token');
  });

  it('says when nothing was shared and no result came yet', async () => {
    fakeApi({ 'Appointments/GetSharedHealthData': { data: { healthRecords: [], results: [] } } });
    renderWithProviders(<SharedHealthData appointmentId={77} timeZone="Asia/Ho_Chi_Minh" />);
    expect(
      await screen.findByText('Không có hồ sơ sức khỏe nào được chia sẻ với lịch hẹn này.'),
    ).toBeTruthy();
    expect(screen.getByText('Chưa có kết quả.')).toBeTruthy();
  });
});
